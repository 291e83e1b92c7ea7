import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ADMIN_ENV, loginTestAdmin } from '../routes/admin/testAdmin';
import { createTestApp, type TestApp } from '../testing/app';
import { launchCurveMarket } from '../routes/curve/testing/curveMarket';
import {
  buildMultipart, contentType, garbageCookie, hostileInput, multipartCase, oddHeaders, sessionChoice, type MultipartCase,
} from '../testing/badInput';
import { fingerprinter } from '../testing/dbFingerprint';
import { signInWallet, testIp } from '../testing/wallet';
import { registeredRoutes, type RouteEntry } from './routeTable';

// Every registered route, taken from Fastify's own route table (so routes added later are
// walked without being listed here), gets fast-check-generated hostile input: paths,
// queries, bodies, headers, cookies and multipart forms, with and without a session. For
// every answer: never a 5xx, nothing internal in the body, and a refused request (4xx)
// stores nothing.

// Fixed, so a failure replays; BAD_INPUT_SEED and BAD_INPUT_RUNS explore further by hand.
const SEED = Number(process.env.BAD_INPUT_SEED ?? 20240611);
const RUNS_PER_ROUTE = Number(process.env.BAD_INPUT_RUNS ?? 45);
const MULTIPART_RUNS = RUNS_PER_ROUTE * 5;

// These never end, so app.inject would never return: the SSE stream, and the PubSub
// websocket upgrade on GET /api/rpc (its HTTP POST is walked like any route).
const NEVER_ENDS = new Set(['/api/events']);

// A 4xx that legitimately writes is listed here with why; none so far.
const WRITES_ON_REFUSAL = new Set<string>([]);

/** What must never appear in any answer: a stack trace, Fastify's codes, an Error's name, SQL or the driver's words. */
const LEAKS: [string, RegExp][] = [
  ['a stack trace', /\n\s+at /],
  ['a Fastify code', /FST_/],
  ['an internal error name', /\b(Type|Range|Syntax|Reference|Postgres|Database|Drizzle)?Error: /],
  ['SQL', /Failed query|\bselect\b[^"]{0,300}\bfrom\s+"|\binsert into\s+"|\bupdate\s+"\w+"\s+set\b|\bdelete from\s+"/i],
  ['a database message', /syntax error at|violates .* constraint|duplicate key|invalid byte sequence|relation "/i],
];

type Session = 'none' | 'wallet' | 'admin' | 'both' | 'garbage';

// What the suite found, kept as explicit cases sent to every route on every run.
const EXAMPLES: { params: string[]; query?: string; body?: string; contentType?: string; session: Session }[] = [
  // A NUL in the path reached PostgreSQL: 500 (GET /api/campaigns/%00 and 10 other routes).
  { params: ['%00'], session: 'none' },
  { params: ['a%00b'], session: 'wallet' },
  // ...and in the query (GET /api/campaigns?search=%00).
  { params: ['x'], query: 'search=%00&limit=1', session: 'none' },
  { params: ['x'], query: '%00=1', session: 'both' },
  // ...and in a JSON body (POST /api/auth/challenge {"wallet":"\u0000"}).
  { params: ['x'], body: '{"wallet":"\\u0000","name":"\\u0000"}', contentType: 'application/json', session: 'both' },
  { params: ['x'], body: '{"a\\u0000":1}', contentType: 'application/json', session: 'admin' },
  // A URL that does not decode: Fastify's FST_ERR_BAD_URL body echoing the path.
  { params: ['%'], session: 'none' },
  { params: ['%E0%A4%A'], query: 'a=%', session: 'none' },
  // A parameter over 100 characters: Fastify's FST_ERR_MAX_PARAM_LENGTH (414) echoing the path.
  { params: ['A'.repeat(101)], session: 'none' },
  // Bodies Fastify refuses before the route: its messages and codes leaked (bad JSON, prototype keys, unknown type).
  { params: ['x'], body: '{"a":', contentType: 'application/json', session: 'wallet' },
  { params: ['x'], body: '{"__proto__":{"admin":true}}', contentType: 'application/json', session: 'admin' },
  { params: ['x'], body: 'a=1', contentType: 'application/x-www-form-urlencoded', session: 'none' },
];

// Malformed forms: busboy's errors answered 500 with a stack in the log.
const MULTIPART_EXAMPLES: MultipartCase[] = [
  { parts: [['kind', 'token_logo']], breakage: { kind: 'boundary', to: '' } },
  { parts: [['kind', 'token_logo'], ['file', { data: new Uint8Array(40), filename: 'a.png' }]], breakage: { kind: 'truncate', at: 120 } },
  { parts: [['kind', 'token_logo']], breakage: { kind: 'splice', at: 44, junk: '\r\n\r\n' } },
];

describe('bad input on every route', () => {
  let t: TestApp;
  let walletCookie: string;
  let adminCookie: string;
  let fingerprint: () => Promise<string>;
  let input: ReturnType<typeof hostileInput>;
  let requests = 0;
  const statuses = new Map<number, number>();
  const byRoute = new Map<string, Record<number, number>>();

  beforeAll(async () => {
    t = await createTestApp(TEST_ADMIN_ENV);
    const signedIn = await signInWallet(t.app);
    walletCookie = signedIn.cookie;
    adminCookie = await loginTestAdmin(t.app);
    // A live campaign with its curve pool, so lookups by mint find something and go on.
    const market = await launchCurveMarket(t.services);
    input = hostileInput([market.mint, signedIn.wallet, market.pool.toBase58(), String(market.campaignId)], t.services.chain.rpc?.methods);
    // A wrong admin password is refused and counted: the login throttle's table is its only write.
    fingerprint = await fingerprinter(t.services.database, { except: ['admin_login_failures'] });
  });
  afterAll(async () => { await t.close(); });

  const cookieFor = (session: Session, garbage: string) => ({
    none: undefined, wallet: walletCookie, admin: adminCookie, both: `${walletCookie}; ${adminCookie}`, garbage,
  })[session];

  /** Sends one request and checks the answer; `last` is the fingerprint before it, and the one after is returned. */
  const sendAndCheck = async (route: RouteEntry, options: InjectOptions, last: string): Promise<string> => {
    // A fresh client address each time: the per-IP limits would otherwise answer 429 to most of the run.
    const res = await t.app.inject({ ...options, remoteAddress: testIp() });
    requests += 1;
    statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
    const key = `${route.method} ${route.url}`;
    byRoute.set(key, { ...byRoute.get(key), [res.statusCode]: (byRoute.get(key)?.[res.statusCode] ?? 0) + 1 });
    const where = `${options.method} ${String(options.url).slice(0, 300)} -> ${res.statusCode} ${res.body.slice(0, 500)}`;
    expect(res.statusCode, where).toBeLessThan(500);
    for (const [what, pattern] of LEAKS) expect(pattern.test(res.body), `${what} in ${where}`).toBe(false);
    const path = String(options.url).split('?')[0];
    if (res.statusCode >= 400) expect(res.body.includes(path), `the path echoed in ${where}`).toBe(false);
    const now = await fingerprint();
    if (res.statusCode >= 400 && !WRITES_ON_REFUSAL.has(`${route.method} ${route.url}`)) expect(now, `stored by ${where}`).toBe(last);
    await undoSideEffects(route, res);
    return res.statusCode >= 400 ? now : fingerprint();
  };

  // An accepted maintenance switch would make every later answer a (correct) 503.
  const undoSideEffects = async (route: RouteEntry, res: LightMyRequestResponse) => {
    if (route.url === '/api/admin/maintenance' && res.statusCode < 300) {
      const off = await t.app.inject({ method: 'PUT', url: route.url, payload: { maintenance_mode: false }, headers: { cookie: adminCookie } });
      expect(off.statusCode).toBe(200);
    }
  };

  const fillPath = (url: string, values: string[]) => {
    let i = 0;
    return url.replace(/:[A-Za-z_]+/g, () => values[i++ % values.length] ?? 'x');
  };

  const requestArb = () => fc.record({
    params: fc.array(input.urlComponent, { minLength: 1, maxLength: 3 }),
    query: fc.option(input.queryString, { nil: undefined }),
    body: fc.option(input.bodyText, { nil: undefined }),
    contentType,
    headers: oddHeaders,
    session: sessionChoice,
    garbage: garbageCookie(input.text),
  });

  /** Walks one route; returns what failed (fast-check's shrunk counterexample), or null. */
  const walk = async (route: RouteEntry, runs: number, seed: number): Promise<string | null> => {
    let last = await fingerprint();
    const details = await fc.check(fc.asyncProperty(requestArb(), async (r) => {
      const url = fillPath(route.url, r.params) + (r.query !== undefined ? `?${r.query}` : '');
      const hasBody = !['GET', 'HEAD'].includes(route.method) && r.body !== undefined;
      const cookie = cookieFor(r.session as Session, r.garbage);
      const headers = Object.fromEntries(Object.entries({
        ...r.headers, cookie, ...(hasBody && r.contentType !== undefined ? { 'content-type': r.contentType } : {}),
      }).filter(([, v]) => v !== undefined)) as Record<string, string>;
      last = await sendAndCheck(route, { method: route.method as InjectOptions['method'], url, headers, ...(hasBody ? { payload: r.body } : {}) }, last);
    }), { seed, numRuns: runs, examples: EXAMPLES.map((e) => [{ ...e, headers: {}, garbage: 'cm_session=x' }]) });
    return details.failed ? `${route.method} ${route.url}: ${String(details.errorInstance).split('\n')[0]}` : null;
  };

  it('has a fingerprint that sees inserts and updates (or the no-write check below would prove nothing)', async () => {
    const before = await fingerprint();
    const view = await t.app.inject({ method: 'POST', url: '/api/analytics/page-view', payload: { path: '/fingerprint' }, headers: { cookie: 'cookie-consent=true; user-preferences-analytics=true' }, remoteAddress: testIp() });
    expect(view.statusCode).toBe(204);
    const afterInsert = await fingerprint();
    expect(afterInsert).not.toBe(before);
    const on = await t.app.inject({ method: 'PUT', url: '/api/admin/maintenance', payload: { maintenance_mode: false }, headers: { cookie: adminCookie } });
    expect(on.statusCode).toBe(200);
    expect(await fingerprint()).not.toBe(afterInsert);
  });

  it('answers every route\'s bad input with a plain 4xx that stores nothing', { timeout: 240_000 }, async () => {
    const routes = registeredRoutes(t.app);
    const websocketUrls = new Set(routes.filter((r) => r.websocket).map((r) => r.url));
    const walked = routes.filter((r) => !NEVER_ENDS.has(r.url) && !(websocketUrls.has(r.url) && ['GET', 'HEAD'].includes(r.method)));
    // No route answers these: they walk the not-found handler (an unknown path, a method no route has).
    walked.push(...(['GET', 'POST', 'DELETE'] as const).map((method) => ({ method, url: '/api/no-such-route/:x', websocket: false })));
    walked.push({ method: 'PATCH', url: '/api/campaigns/:tokenAddress', websocket: false });
    expect(walked.length).toBeGreaterThan(34);
    // Logging out ends the shared sessions: those routes go last so every other one is walked signed in.
    const logouts = walked.filter((r) => r.url.endsWith('/logout'));
    // A seed of its own per route, so routes do not all get the same sequence of cases.
    const seedOf = (route: RouteEntry) => SEED + walked.indexOf(route);
    const started = Date.now();
    const failures: string[] = [];
    for (const route of walked) {
      if (!logouts.includes(route)) failures.push(...[await walk(route, route.method === 'HEAD' ? 10 : RUNS_PER_ROUTE, seedOf(route))].filter((f) => f !== null));
    }

    let last = await fingerprint();
    const upload = walked.find((r) => r.url === '/api/uploads')!;
    const forms = await fc.check(fc.asyncProperty(multipartCase(input.text), sessionChoice, async (form, session) => {
      const { payload, contentType: type } = await buildMultipart(form);
      const cookie = cookieFor(session as Session, 'cm_session=x');
      last = await sendAndCheck(upload, { method: 'POST', url: upload.url, payload, headers: { 'content-type': type, ...(cookie ? { cookie } : {}) } }, last);
    }), { seed: SEED, numRuns: MULTIPART_RUNS, examples: MULTIPART_EXAMPLES.map((form) => [form, 'wallet']) });
    if (forms.failed) failures.push(`multipart POST /api/uploads: ${String(forms.errorInstance).split('\n')[0]}`);

    for (const route of logouts) failures.push(...[await walk(route, RUNS_PER_ROUTE, seedOf(route))].filter((f) => f !== null));

    if (process.env.BAD_INPUT_REPORT) for (const [key, counts] of byRoute) console.info(key, JSON.stringify(counts));
    expect(failures).toEqual([]);
    console.info(`bad input: ${walked.length} routes, ${requests} requests in ${Date.now() - started} ms, statuses ${JSON.stringify(Object.fromEntries(statuses))}`);
  });
});

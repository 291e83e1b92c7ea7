import { Keypair } from '@solana/web3.js';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import { ADMIN_SESSION_MS } from '../../../core/constants';
import { lamportsToSolString } from '../../../core/money';
import { adminAuditLog, campaigns, distributionRuns, pageViews, userSessions, verifiedCharities } from '../../db/schema';
import { launchDbcCampaign } from '../../curve/testing/dbcCampaign';
import { dbcBuy, fundedTrader } from '../../curve/testing/dbcTrade';
import { tradeHooksIdle } from '../../market/registerTradeHooks';
import { createTestApp, type TestApp } from '../../testing/app';
import { multipartBody } from '../../testing/multipart';
import { signMessage } from '../../testing/wallet';
import { LocalStore } from '../../storage/localStore';
import { TEST_ADMIN_ENV, loginTestAdmin } from '../admin/testAdmin';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

let t: TestApp;
let cookie: string;

beforeAll(async () => {
  // On DBC the platform's revenue from trading is its share of each pool's fee, claimed into the treasury by the partner key.
  t = await createTestApp({ ...TEST_ADMIN_ENV, CURVE_PROGRAM: 'dbc', CURVE_PLATFORM_SHARE_PERCENT: '20' });
  cookie = await loginTestAdmin(t.app);
}, 60_000);
afterAll(async () => { await t.close(); });

const get = (url: string, headers: Record<string, string> = { cookie }) => t.app.inject({ method: 'GET', url, headers });
const post = (url: string, payload: object, headers: Record<string, string> = { cookie }) => t.app.inject({ method: 'POST', url, payload, headers });

const ENDPOINTS: [string, string][] = [
  ['GET', '/api/admin/overview'], ['POST', '/api/admin/stats/sync'], ['GET', '/api/admin/analytics'],
  ['GET', '/api/admin/health'], ['POST', '/api/admin/api-test'], ['GET', '/api/admin/dashboard/campaigns'],
  ['GET', '/api/admin/dashboard/charities'], ['GET', '/api/admin/revenue'], ['GET', '/api/admin/revenue.csv'],
  ['POST', '/api/admin/storage-test'], ['POST', '/api/admin/storage-test/upload'],
];

describe('admin dashboard endpoints', () => {
  it('each refuses without a session, with a garbage one and with an expired one, and writes nothing', async () => {
    const audits = await t.services.db.$count(adminAuditLog);
    const realNow = t.services.now;
    try {
      for (const [method, url] of ENDPOINTS) {
        for (const headers of [{}, { cookie: 'cm_admin=nope' }]) {
          const res = await t.app.inject({ method: method as 'GET', url, headers, ...(method === 'POST' ? { payload: { method: 'GET', path: '/api/health' } } : {}) });
          expect(res.statusCode, `${method} ${url}`).toBe(401);
          expect(res.json()).toEqual({ error: 'Admin session required' });
        }
      }
      t.services.now = () => new Date(Date.now() + ADMIN_SESSION_MS + 60_000);
      for (const [method, url] of ENDPOINTS) {
        const res = await t.app.inject({ method: method as 'GET', url, headers: { cookie }, ...(method === 'POST' ? { payload: { method: 'GET', path: '/api/health' } } : {}) });
        expect(res.statusCode, `expired: ${method} ${url}`).toBe(401);
      }
    } finally {
      t.services.now = realNow;
    }
    expect(await t.services.db.$count(adminAuditLog)).toBe(audits);
  });

  it('reads the platform revenue from the chain: the launch sweep and the distributor fee', { timeout: 120_000 }, async () => {
    const treasury = (await t.services.keys.treasury()).publicKey;
    const lamportsOf = async () => BigInt(await t.services.chain.connection.getBalance(treasury, 'confirmed'));
    await t.services.chain.airdrop!(treasury.toBase58(), 5_000_000_000n);
    const beforeLaunch = await lamportsOf();
    const c = await launchDbcCampaign(t.services, { form: { ticker: 'rev' } });
    const creationFee = await lamportsOf() - beforeLaunch;
    expect(creationFee).toBeGreaterThan(0n);
    const trader = await fundedTrader(t.services, 5_000_000_000n);
    await dbcBuy(t.app, c.mint, trader, 2_000_000_000n);
    const run = await post('/api/admin/distributor/run', {});
    expect(run.statusCode, run.body).toBe(200);
    // Two runs: the cause's claim (to the donation wallet, none of it revenue) and the platform's (to the treasury).
    const [paid] = await t.services.db.select().from(distributionRuns).where(and(eq(distributionRuns.mint, c.mint), eq(distributionRuns.kind, 'partner_claim')));
    expect(paid.state).toBe('paid');
    expect(paid.platformFeeLamports).toBeGreaterThan(0n);

    const revenue = (await get('/api/admin/revenue')).json();
    expect(revenue).toMatchObject({
      creationFeesSol: lamportsToSolString(creationFee),
      distributorFeesSol: lamportsToSolString(paid.platformFeeLamports!),
      totalSol: lamportsToSolString(creationFee + paid.platformFeeLamports!),
    });
    expect(revenue.campaigns).toEqual([expect.objectContaining({ tokenAddress: c.mint, transactions: 2, totalSol: revenue.totalSol })]);
    expect(revenue.daily.length).toBe(1);

    // The trades' campaign figures (backers among them) are refreshed at most every 250 ms per mint: let the last refresh land first.
    await tradeHooksIdle(t.services);
    const sync = await post('/api/admin/stats/sync', {});
    expect(sync.statusCode).toBe(200);
    const overview = (await get('/api/admin/overview')).json();
    const [row] = await t.services.db.select().from(campaigns).where(eq(campaigns.tokenAddress, c.mint));
    expect(overview).toMatchObject({
      totalCampaigns: 1, totalSolRaised: lamportsToSolString(row.raisedLamports), totalBackers: row.backers,
      companyRevenueSol: revenue.totalSol,
    });
    expect(overview).not.toHaveProperty('estimatedRevenueSol');

    const csv = await get('/api/admin/revenue.csv');
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="causemint-revenue-\d{4}-\d{2}-\d{2}\.csv"$/);
    const [header, ...rows] = parse(csv.body, { relax_quotes: false, relax_column_count: false, record_delimiter: '\r\n' }) as string[][];
    expect(header).toEqual(['date', 'source', 'campaign', 'ticker', 'token_address', 'amount_sol', 'signature']);
    expect(rows.map((r) => r[1]).sort()).toEqual(['creation_fee', 'distributor_fee']);

    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    expect((await get(`/api/admin/revenue?from=${tomorrow}`)).json()).toMatchObject({ totalSol: '0', campaigns: [] });
    const bad = await get('/api/admin/revenue?from=yesterday');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('from must be a date (YYYY-MM-DD or ISO 8601)');
  });

  it('counts campaigns and charities for their tabs', async () => {
    await t.services.db.insert(campaigns).values([
      { creatorWallet: 'w1', ticker: 'VER', name: 'V', goalLamports: 1n, verified: true },
      { creatorWallet: 'w2', ticker: 'FLG', name: 'F', goalLamports: 1n, flagged: true, backers: 51 },
      { creatorWallet: 'w3', ticker: 'TST', name: 'T', goalLamports: 1n, isTest: true },
    ]);
    const before = (await get('/api/admin/dashboard/charities')).json();
    await t.services.db.insert(verifiedCharities).values([
      { name: 'A', website: 'a.org', walletAddress: Keypair.generate().publicKey.toBase58(), category: 'Education', displayOrder: 900, isActive: false },
    ]);
    const stats = (await get('/api/admin/dashboard/campaigns')).json();
    expect(stats).toMatchObject({ total: 3, verified: 1, unverified: 2, flagged: 1, verificationRequests: 1 });
    const charities = (await get('/api/admin/dashboard/charities')).json();
    expect(charities).toMatchObject({ total: before.total + 1, inactive: before.inactive + 1 });
    expect(charities.categories).toBeGreaterThanOrEqual(1);
  });
});

describe('the API tester', () => {
  it('refuses every target outside this site\'s /api, storing nothing', async () => {
    const audits = await t.services.db.$count(adminAuditLog);
    for (const path of [
      'http://169.254.169.254/latest/meta-data', 'https://evil.example/api/health', '//evil.example/api/health', '/\\evil.example/api',
      '/health', '/ipfs/x', '/api/../xk9j2m4p', '/apihealth', 'api/health', '/api/admin/api-test', '/api/%2e%2e/etc',
    ]) {
      const res = await post('/api/admin/api-test', { method: 'GET', path });
      expect(res.statusCode, path).toBe(400);
      expect(res.json().error).toBe('Only this site\'s own /api paths can be tested (e.g. /api/health)');
    }
    expect((await post('/api/admin/api-test', { method: 'GET', path: '' })).json().error).toBe('Please enter an API endpoint URL');
    expect((await post('/api/admin/api-test', { method: 'TRACE', path: '/api/health' })).statusCode).toBe(400);
    expect(await t.services.db.$count(adminAuditLog)).toBe(audits);
  });

  it('calls our own API in-process and reports status and duration, without passing on the admin cookie', async () => {
    const audits = await t.services.db.$count(adminAuditLog);
    const res = await post('/api/admin/api-test', { method: 'GET', path: '/api/health?x=1', headers: { accept: 'application/json' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ok: true, status: 200, durationMs: expect.any(Number) });
    expect(JSON.parse(res.json().body)).toMatchObject({ ok: true });
    const admin = await post('/api/admin/api-test', { method: 'GET', path: '/api/admin/overview' });
    expect(admin.json()).toMatchObject({ ok: false, status: 401 });
    const body = await post('/api/admin/api-test', { method: 'POST', path: '/api/analytics/page-view', headers: { 'content-type': 'application/json' }, body: '{"path":"nope"}' });
    expect(body.json()).toMatchObject({ ok: false, status: 400 });
    expect(JSON.parse(body.json().body)).toMatchObject({ error: 'path must start with /' });
    // Reads leave no trace; the POST, which could have changed something, is audited.
    const rows = await t.services.db.select().from(adminAuditLog).orderBy(desc(adminAuditLog.id)).limit(2);
    expect(await t.services.db.$count(adminAuditLog)).toBe(audits + 1);
    expect(rows[0]).toMatchObject({ action: 'api_tested', target: 'POST /api/analytics/page-view', details: { status: 400, durationMs: expect.any(Number) } });
  });
});

describe('health and the storage test', () => {
  it('checks each part of the platform', async () => {
    const res = await get('/api/admin/health');
    expect(res.statusCode).toBe(200);
    const parts = res.json() as { name: string; status: string; latencyMs: number; detail: string }[];
    expect(parts.map((p) => p.name)).toEqual(['Database', 'Local ledger RPC', 'Storage (local)', 'Launch service /api/revshare/health', 'Event stream']);
    for (const part of parts) {
      expect(part, part.name).toMatchObject({ status: 'ok', result: 'Connected', latencyMs: expect.any(Number), detail: expect.any(String) });
    }
    expect(parts[1].detail).toMatch(/^Latest blockhash /);
  });

  const storedFiles = () => {
    const dir = LocalStore.forDataDir(t.services.env.dataDir).dir;
    return fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => !f.startsWith('.')).sort() : [];
  };
  const lastAudit = async () => (await t.services.db.select().from(adminAuditLog).orderBy(desc(adminAuditLog.id)).limit(1))[0];

  it('leaves no probe file behind, however often the health check runs', async () => {
    const before = storedFiles();
    for (let i = 0; i < 3; i += 1) {
      const parts = (await get('/api/admin/health')).json() as { name: string; status: string }[];
      expect(parts.find((p) => p.name === 'Storage (local)')).toMatchObject({ status: 'ok' });
    }
    expect(storedFiles()).toEqual(before);
  });

  it('writes and reads a probe through the configured store, removes it and records the test', async () => {
    const before = storedFiles();
    const audits = await t.services.db.$count(adminAuditLog);
    const res = await post('/api/admin/storage-test', {});
    expect(res.json()).toMatchObject({ ok: true, store: 'local', write: true, read: true, removed: true, cid: expect.stringMatching(/^baf/) });
    expect(storedFiles()).toEqual(before);
    expect(await t.services.db.$count(adminAuditLog)).toBe(audits + 1);
    expect(await lastAudit()).toMatchObject({
      action: 'storage_tested', adminUsername: 'boss', target: 'storage:local',
      details: { ok: true, write: true, read: true, removed: true, cid: res.json().cid },
    });
  });

  it('uploads an image with its group and test metadata, and refuses no file or a non-image', async () => {
    const upload = async (parts: Parameters<typeof multipartBody>[0]) => {
      const { payload, headers } = await multipartBody(parts);
      return t.app.inject({ method: 'POST', url: '/api/admin/storage-test/upload', payload, headers: { ...headers, cookie } });
    };
    const audits = await t.services.db.$count(adminAuditLog);
    const none = await upload([['group', 'token_logo']]);
    expect(none.statusCode).toBe(400);
    expect(none.json().error).toBe('No file selected');
    const text = await upload([['group', 'token_logo'], ['file', { data: Buffer.from('hello, not an image'), filename: 'a.txt', type: 'text/plain' }]]);
    expect(text.statusCode).toBe(400);
    expect(text.json().error).toBe('Only image files can be uploaded (PNG, JPEG, GIF, WebP)');
    expect(await t.services.db.$count(adminAuditLog)).toBe(audits);
    const ok = await upload([['group', 'profile_photo'], ['file', { data: PNG, filename: 'dot.png', type: 'image/png' }]]);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ name: 'dot.png', group: 'profile_photo', contentType: 'image/png', keyvalues: { test: 'true', group: 'profile_photo' } });
    expect(await t.services.db.$count(adminAuditLog)).toBe(audits + 1);
    expect(await lastAudit()).toMatchObject({
      action: 'storage_test_uploaded', adminUsername: 'boss', target: `file:${ok.json().ipfsHash}`,
      details: { group: 'profile_photo', name: 'dot.png', size: PNG.length, content_type: 'image/png' },
    });
    const served = await t.app.inject({ method: 'GET', url: ok.json().url });
    expect(served.statusCode).toBe(200);
    expect(Buffer.from(served.rawPayload).equals(PNG)).toBe(true);
  });
});

describe('user analytics', () => {
  it('summarises sessions with the country from the embedded GeoIP database, and page views only with consent', async () => {
    const signIn = async (remoteAddress: string, headers: Record<string, string>) => {
      const keypair = Keypair.generate();
      const wallet = keypair.publicKey.toBase58();
      const { message } = (await t.app.inject({ method: 'POST', url: '/api/auth/challenge', payload: { wallet }, remoteAddress })).json();
      const verify = await t.app.inject({ method: 'POST', url: '/api/auth/verify', payload: { wallet, message, signature: signMessage(keypair, message) }, remoteAddress, headers });
      expect(verify.statusCode).toBe(200);
      return wallet;
    };
    // A public address with no proxy headers: the offline database names the country (with consent).
    await signIn('81.2.69.160', { cookie: 'cookie-consent=true; user-preferences-analytics=true' });
    // Without consent (a Swedish address, a tablet): the session counts, its place and device do not.
    const IPAD = 'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
    const declined = await signIn('89.160.20.112', { cookie: 'cookie-consent=false; user-preferences-analytics=false', 'user-agent': IPAD });
    const [row] = await t.services.db.select().from(userSessions).where(eq(userSessions.walletAddress, declined));
    expect(row).toMatchObject({ ipAddress: null, country: 'unknown', userAgent: null });

    const viewsBefore = await t.services.db.$count(pageViews);
    const view = (c: string) => t.app.inject({ method: 'POST', url: '/api/analytics/page-view', payload: { path: '/explore', visitorId: 'v-1' }, headers: { cookie: c } });
    await view('cookie-consent=false; user-preferences-analytics=false');
    await view('');
    expect(await t.services.db.$count(pageViews)).toBe(viewsBefore);
    await view('cookie-consent=true; user-preferences-analytics=true');
    expect(await t.services.db.$count(pageViews)).toBe(viewsBefore + 1);

    const res = await get('/api/admin/analytics');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.summary).toMatchObject({ page_views_total: viewsBefore + 1, visitors_24h: 1 });
    expect(body.summary.total_unique_users).toBeGreaterThanOrEqual(1);
    expect(body.summary.sessions_24h).toBe(body.summary.total_sessions);
    expect(body.daily[0]).toMatchObject({ date: new Date().toISOString().slice(0, 10), unique_users: body.summary.users_24h });
    expect(body.devices.reduce((s: number, d: { percentage: number }) => s + d.percentage, 0)).toBeCloseTo(100, 0);
    expect(body.countries.length).toBeLessThanOrEqual(5);
    expect(body.countries).toContainEqual({ country: 'GB', unique_users: 1, total_sessions: 1 });
    expect(body.countries.map((c: { country: string }) => c.country)).not.toContain('unknown');
    expect(body.countries.map((c: { country: string }) => c.country)).not.toContain('SE');
    expect(body.devices.map((d: { device_type: string }) => d.device_type)).not.toContain('tablet');
    expect(body.summary.sessions_24h).toBeGreaterThanOrEqual(2);
    const withConsent = await t.services.db.$count(userSessions, isNotNull(userSessions.ipAddress));
    expect(body.devices.reduce((s: number, d: { sessions: number }) => s + d.sessions, 0)).toBe(withConsent);
    expect(withConsent).toBeLessThan(body.summary.total_sessions);
  });
});

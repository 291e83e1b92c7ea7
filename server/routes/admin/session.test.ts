import { createHash } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_SESSION_MS } from '../../../core/constants';
import { sessionCookieOptions } from '../../http/cookies';
import { buildServer } from '../../app';
import { LOGIN_BACKOFF } from '../../auth/admin/loginThrottle';
import { passwordChecksRun } from '../../auth/admin/password';
import { adminAccounts, adminAuditLog, adminSessions } from '../../db/schema';
import { loadEnv } from '../../env';
import { createTestApp, type TestApp } from '../../testing/app';
import { TEST_ADMIN, TEST_ADMIN_ENV, loginTestAdmin } from './testAdmin';

describe('admin sessions', () => {
  let t: TestApp;
  let ipCounter = 0;
  // Each case comes from its own address so the per-IP login limit never mixes cases.
  const ip = () => `10.0.0.${++ipCounter}`;
  const login = (payload: unknown, remoteAddress = ip(), headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/admin/login', payload: payload as object, remoteAddress, headers });
  const session = (cookie?: string) => t.app.inject({ method: 'GET', url: '/api/admin/session', headers: cookie ? { cookie } : {} });

  beforeAll(async () => { t = await createTestApp(TEST_ADMIN_ENV); });
  afterAll(async () => { await t.close(); });

  it('logs in with the configured admin: a 24-hour httpOnly Lax cookie whose hash alone is stored', async () => {
    const before = Date.now();
    const res = await login(TEST_ADMIN);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.username).toBe('boss');
    expect(Date.parse(body.expiresAt) - before).toBeGreaterThanOrEqual(ADMIN_SESSION_MS - 5000);
    expect(Date.parse(body.expiresAt) - before).toBeLessThanOrEqual(ADMIN_SESSION_MS + 5000);

    const cookie = res.cookies.find((c) => c.name === 'cm_admin')!;
    expect(cookie.value).toMatch(/^[0-9a-f]{64}$/);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie.secure).toBeFalsy();
    const [row] = await t.services.db.select().from(adminSessions).orderBy(desc(adminSessions.id)).limit(1);
    expect(row.tokenHash).toBe(createHash('sha256').update(cookie.value).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(cookie.value);

    expect((await session(`cm_admin=${cookie.value}`)).json()).toEqual(body);
  });

  it('marks the cookie Secure when the site is served over https', () => {
    expect(sessionCookieOptions(loadEnv({ PUBLIC_URL: 'https://causemint.example' })).secure).toBe(true);
    expect(sessionCookieOptions(loadEnv({})).secure).toBe(false);
  });

  it('answers wrong passwords and unknown users alike', async () => {
    for (const payload of [{ username: 'boss', password: 'wrong-password' }, { username: 'nobody', password: 'whatever' }]) {
      const res = await login(payload);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: 'Invalid username or password' });
      expect(res.cookies).toHaveLength(0);
    }
  });

  it('refuses bad input with a 400 and a clear message', async () => {
    expect((await login({ username: 'boss' })).json()).toMatchObject({ error: 'Password is required' });
    expect((await login({ username: '  ', password: 'x' })).json()).toMatchObject({ error: 'Username is required' });
    expect((await login({ username: 7, password: 'x' })).statusCode).toBe(400);
    const notJson = await t.app.inject({ method: 'POST', url: '/api/admin/login', headers: { 'content-type': 'application/json' }, payload: '{', remoteAddress: ip() });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json()).toEqual({ error: 'The request body is not valid JSON' });
  });

  it('refuses a login posted from another site', async () => {
    const res = await login(TEST_ADMIN, ip(), { origin: 'https://evil.example' });
    expect(res.statusCode).toBe(403);
    expect(res.cookies).toHaveLength(0);
    expect((await login(TEST_ADMIN, ip(), { origin: 'http://causemint.test:8080', host: 'causemint.test:8080' })).statusCode).toBe(200);
  });

  it('GET /api/admin/session is a 401 without a live session', async () => {
    expect((await session()).statusCode).toBe(401);
    expect((await session('cm_admin=nothex')).statusCode).toBe(401);
    expect((await session(`cm_admin=${'ab'.repeat(32)}`)).json()).toEqual({ error: 'Admin session required' });
  });

  it('expires sessions after 24 hours', async () => {
    const cookie = await loginTestAdmin(t.app, ip());
    const realNow = t.services.now;
    try {
      t.services.now = () => new Date(Date.now() + ADMIN_SESSION_MS - 60_000);
      expect((await session(cookie)).statusCode).toBe(200);
      t.services.now = () => new Date(Date.now() + ADMIN_SESSION_MS + 60_000);
      expect((await session(cookie)).statusCode).toBe(401);
    } finally {
      t.services.now = realNow;
    }
  });

  it('logs out: the session row ends, the cookie is cleared, and both are audited with login', async () => {
    const cookie = await loginTestAdmin(t.app, ip());
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/logout', headers: { cookie }, payload: {} });
    expect(res.statusCode).toBe(204);
    const cleared = res.cookies.find((c) => c.name === 'cm_admin')!;
    expect(cleared.value).toBe('');
    expect(cleared.expires!.getTime()).toBeLessThan(Date.now());
    expect((await session(cookie)).statusCode).toBe(401);

    const hash = createHash('sha256').update(cookie.split('=')[1]).digest('hex');
    const [row] = await t.services.db.select().from(adminSessions).where(eq(adminSessions.tokenHash, hash));
    expect(row.endedAt).not.toBeNull();
    const actions = (await t.services.db.select().from(adminAuditLog).orderBy(desc(adminAuditLog.id)).limit(2)).map((a) => [a.action, a.adminUsername]);
    expect(actions).toEqual([['logout', 'boss'], ['login', 'boss']]);

    // Logging out again (no live session) still answers 204 and clears the cookie.
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/logout', headers: { cookie }, payload: {} })).statusCode).toBe(204);
  });

  describe('throttling', () => {
    const FREE = LOGIN_BACKOFF.freeFailures;
    const wrong = (username = 'boss') => ({ username, password: 'not-the-password' });
    let clock = Date.now();
    let restore: () => Date;
    beforeAll(() => {
      restore = t.services.now;
      // Time moves only when a case says so: waits are read off the clock, never slept.
      t.services.now = () => new Date(clock);
    });
    afterAll(() => { t.services.now = restore; });
    const advance = (ms: number) => { clock += ms; };
    const refused = { error: 'Too many login attempts. Try again in 1 second.' };

    it('lets the right password in at once from an address that has not failed', async () => {
      const attacker = ip();
      for (let i = 0; i < FREE + 3; i++) await login(wrong(), attacker);
      expect((await login(wrong(), attacker)).statusCode).toBe(429);
      const res = await login(TEST_ADMIN, ip());
      expect(res.statusCode).toBe(200);
      expect(res.cookies.find((c) => c.name === 'cm_admin')).toBeDefined();
    });

    it('makes a failing address wait longer after each further failure, up to the cap', async () => {
      const address = ip();
      for (let i = 0; i < FREE; i++) expect((await login(wrong(`typo${i}`), address)).statusCode).toBe(401);
      let wait = LOGIN_BACKOFF.baseDelayMs;
      for (let round = 0; round < 4; round++) {
        expect((await login(wrong(), address)).statusCode).toBe(401);
        const early = await login(TEST_ADMIN, address);
        expect(early.statusCode).toBe(429);
        expect(early.headers['retry-after']).toBe(String(wait / 1000));
        advance(wait - 1);
        expect((await login(TEST_ADMIN, address)).statusCode).toBe(429);
        advance(1);
        wait *= 2;
      }
      // Any username from that address waits alike; after the wait the right password works.
      expect((await login(wrong(), address)).statusCode).toBe(401);
      expect((await login(TEST_ADMIN, address)).statusCode).toBe(429);
      advance(wait);
      expect((await login(TEST_ADMIN, address)).statusCode).toBe(200);
      // ...and the address starts over.
      expect((await login(wrong(), address)).statusCode).toBe(401);

      const capped = ip();
      for (let i = 0; i < FREE + 12; i++) { await login(wrong('cap'), capped); advance(LOGIN_BACKOFF.maxDelayMs); }
      await login(wrong('cap'), capped);
      expect((await login(TEST_ADMIN, capped)).headers['retry-after']).toBe(String(LOGIN_BACKOFF.maxDelayMs / 1000));
      advance(LOGIN_BACKOFF.maxDelayMs);
    });

    it('throttles a username for addresses that have failed, wherever its failures came from', async () => {
      for (let i = 0; i < FREE + 1; i++) await login(wrong('target'), ip());
      // A fresh address is not held back by the username's wait...
      expect((await login(wrong('target'), ip())).statusCode).toBe(401);
      // ...one that has failed before is.
      const failed = ip();
      expect((await login(wrong('other'), failed)).statusCode).toBe(401);
      expect((await login(wrong('target'), failed)).statusCode).toBe(429);
      advance(LOGIN_BACKOFF.maxDelayMs);
    });

    it('counts a burst of concurrent guesses before any of them is checked', async () => {
      const address = ip();
      const answers = await Promise.all(Array.from({ length: FREE + 5 }, (_, i) => login(wrong(`burst${i}`), address)));
      expect(answers.filter((r) => r.statusCode === 401)).toHaveLength(FREE + 1);
      expect(answers.filter((r) => r.statusCode === 429)).toHaveLength(4);
      advance(LOGIN_BACKOFF.maxDelayMs);
    });

    it('counts a whole IPv6 /64 as one address', async () => {
      for (let i = 0; i < FREE + 1; i++) await login(wrong(`six${i}`), `2001:db8:1:2::${i + 1}`);
      expect((await login(TEST_ADMIN, '2001:db8:1:2:ffff:0:0:9')).statusCode).toBe(429);
      expect((await login(TEST_ADMIN, '2001:db8:1:3::1')).statusCode).toBe(200);
      advance(LOGIN_BACKOFF.maxDelayMs);
    });

    it('answers an unknown username exactly like a known one, fresh and throttled, with the same work', async () => {
      const answer = async (username: string, address: string) => {
        const before = passwordChecksRun();
        const res = await login(wrong(username), address);
        return { status: res.statusCode, body: res.json(), retryAfter: res.headers['retry-after'], cookies: res.cookies.length, checks: passwordChecksRun() - before };
      };
      const known = ip();
      const unknown = ip();
      // Fresh: one scrypt check each, the same 401.
      const fresh = [await answer('boss', known), await answer('nobody-here', unknown)];
      expect(fresh[0]).toEqual({ status: 401, body: { error: 'Invalid username or password' }, retryAfter: undefined, cookies: 0, checks: 1 });
      expect(fresh[1]).toEqual(fresh[0]);
      for (let i = 1; i < FREE + 1; i++) {
        expect(await answer('boss', known)).toEqual(await answer('nobody-here', unknown));
      }
      // Throttled by the address: no lookup, no scrypt check, the same 429.
      const throttled = [await answer('boss', known), await answer('nobody-here', unknown)];
      expect(throttled[0]).toEqual({ status: 429, body: refused, retryAfter: '1', cookies: 0, checks: 0 });
      expect(throttled[1]).toEqual(throttled[0]);
      advance(LOGIN_BACKOFF.maxDelayMs);

      // Throttled by the username (from addresses that failed once elsewhere): alike again.
      for (let i = 0; i < FREE + 1; i++) { await login(wrong('boss'), ip()); await login(wrong('nobody-here'), ip()); }
      const [knownAgain, unknownAgain] = [ip(), ip()];
      await login(wrong('first'), knownAgain);
      await login(wrong('second'), unknownAgain);
      const byUsername = [await answer('boss', knownAgain), await answer('nobody-here', unknownAgain)];
      expect(byUsername[0]).toMatchObject({ status: 429, body: { error: expect.stringMatching(/^Too many login attempts\. Try again in \d+ seconds?\.$/) }, cookies: 0, checks: 0 });
      expect(byUsername[1]).toEqual(byUsername[0]);
      advance(LOGIN_BACKOFF.maxDelayMs);
    });

    it('leaves nobody locked after a restart, including a lock stored by the old account lockout', async () => {
      const address = ip();
      for (let i = 0; i < FREE + 5; i++) await login(wrong(), address);
      expect((await login(TEST_ADMIN, address)).statusCode).toBe(429);
      await t.services.db.update(adminAccounts).set({ failedAttempts: 4, lockedUntil: new Date(clock + 3_600_000) }).where(eq(adminAccounts.username, 'boss'));

      const restarted = await buildServer({ services: t.services, serveApp: false });
      try {
        const res = await restarted.inject({ method: 'POST', url: '/api/admin/login', payload: TEST_ADMIN, remoteAddress: address });
        expect(res.statusCode).toBe(200);
      } finally {
        await restarted.close();
      }
    });
  });
});

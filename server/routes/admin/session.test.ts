import { createHash } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_SESSION_MS } from '../../../core/constants';
import { sessionCookieOptions } from '../../http/cookies';
import { adminAuditLog, adminSessions } from '../../db/schema';
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
});

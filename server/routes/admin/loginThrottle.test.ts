import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildServer } from '../../app';
import { LOGIN_BACKOFF } from '../../auth/admin/loginThrottle';
import { passwordChecksRun } from '../../auth/admin/password';
import { adminAccounts } from '../../db/schema';
import { createTestApp, type TestApp } from '../../testing/app';
import { TEST_ADMIN, TEST_ADMIN_ENV } from './testAdmin';

describe('admin login throttling, through POST /api/admin/login', () => {
  const FREE = LOGIN_BACKOFF.freeFailures;
  const SECOND = LOGIN_BACKOFF.baseDelayMs;
  let t: TestApp;
  let ipCounter = 0;
  // Each case comes from its own addresses so the per-address count never mixes cases.
  const ip = () => `10.1.0.${++ipCounter}`;
  const login = (payload: object, remoteAddress: string) =>
    t.app.inject({ method: 'POST', url: '/api/admin/login', payload, remoteAddress });
  const wrong = (username = 'boss') => ({ username, password: 'not-the-password' });
  const status = async (payload: object, remoteAddress: string) => (await login(payload, remoteAddress)).statusCode;
  // Time moves only when a case says so: waits are read off the clock, never slept.
  let clock = Date.now();
  const advance = (ms: number) => { clock += ms; };

  beforeAll(async () => {
    t = await createTestApp(TEST_ADMIN_ENV);
    t.services.now = () => new Date(clock);
  });
  afterAll(async () => { await t.close(); });
  // Past the window every count is forgotten: each case starts clean.
  beforeEach(() => { advance(LOGIN_BACKOFF.windowMs); });

  it('allows five failures in 15 minutes, doubling up to 15 minutes after them', () => {
    expect(LOGIN_BACKOFF).toEqual({ freeFailures: 5, baseDelayMs: 1000, maxDelayMs: 15 * 60_000, windowMs: 15 * 60_000 });
  });

  it('lets one mistype be followed by the right password at once', async () => {
    const address = ip();
    expect(await status(wrong(), address)).toBe(401);
    const res = await login(TEST_ADMIN, address);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.cookies.find((c) => c.name === 'cm_admin')).toBeDefined();
  });

  it("the audit's lockout: one mistype costs nothing while the username is guessed from a dozen other addresses", async () => {
    // Eleven guesses for 'boss' from elsewhere (the audit's, through a spoofed X-Forwarded-For)
    // used to make the admin's one typo answer 'Try again in 5 minutes' to the right password.
    for (let i = 0; i < 11; i++) expect(await status(wrong(), ip())).toBe(401);
    const admin = ip();
    expect(await status(wrong(), admin)).toBe(401);
    expect(await status(TEST_ADMIN, admin)).toBe(200);
  });

  it('a right password inside the free allowance always works at once', async () => {
    const address = ip();
    for (let i = 0; i < FREE - 1; i++) expect(await status(wrong(`typo${i}`), address)).toBe(401);
    expect(await status(TEST_ADMIN, address)).toBe(200);
    // ...and it reset the address: five more failures are free again.
    for (let i = 0; i < FREE; i++) expect(await status(wrong(), address)).toBe(401);
  });

  it('after five failures each attempt is considered only after a wait that doubles, up to 15 minutes', async () => {
    const address = ip();
    for (let i = 0; i < FREE; i++) expect(await status(wrong(`typo${i}`), address)).toBe(401);
    let wait = SECOND;
    for (let round = 0; round < 4; round++) {
      const early = await login(TEST_ADMIN, address);
      expect([early.statusCode, early.headers['retry-after']]).toEqual([429, String(wait / 1000)]);
      expect(early.json()).toEqual({ error: `Too many login attempts. Try again in ${wait / 1000} second${wait === SECOND ? '' : 's'}.` });
      expect(early.cookies).toHaveLength(0);
      advance(wait - 1);
      expect(await status(TEST_ADMIN, address)).toBe(429);
      advance(1);
      // Considered now: a wrong password is a 401 and doubles the next wait.
      expect(await status(wrong(), address)).toBe(401);
      wait *= 2;
    }
    // After the wait the right password works, and the address starts over.
    expect(await status(TEST_ADMIN, address)).toBe(429);
    advance(wait);
    expect(await status(TEST_ADMIN, address)).toBe(200);
    for (let i = 0; i < FREE; i++) expect(await status(wrong(), address)).toBe(401);
    expect(await status(TEST_ADMIN, address)).toBe(429);
  });

  it('caps the wait at 15 minutes', async () => {
    // Twenty addresses guessing one username push its wait past the cap...
    for (let i = 0; i < 20; i++) await login(wrong('capped'), ip());
    // ...which an address that has used up its own free failures then waits.
    const address = ip();
    for (let i = 0; i < FREE; i++) await login(wrong(`own${i}`), address);
    advance(SECOND);
    const res = await login(wrong('capped'), address);
    expect([res.statusCode, res.headers['retry-after']]).toEqual([429, String(LOGIN_BACKOFF.maxDelayMs / 1000 - 1)]);
    expect(res.json()).toEqual({ error: 'Too many login attempts. Try again in 15 minutes.' });
  });

  it('forgets failures older than 15 minutes', async () => {
    const address = ip();
    for (let i = 0; i < FREE - 1; i++) expect(await status(wrong(), address)).toBe(401);
    advance(10 * 60_000);
    // The fifth within the window: the next attempt waits.
    expect(await status(wrong(), address)).toBe(401);
    expect(await status(TEST_ADMIN, address)).toBe(429);
    // Five minutes on, the first four are out of the window: one failure left, no wait.
    advance(5 * 60_000);
    for (let i = 0; i < FREE - 2; i++) expect(await status(wrong(), address)).toBe(401);
    expect(await status(TEST_ADMIN, address)).toBe(200);

    // A morning of failures costs nothing in the afternoon: one typo, then the right password.
    const morning = ip();
    for (let i = 0; i < 3 * FREE; i++) { await login(wrong(), morning); advance(60_000); }
    advance(3 * 3_600_000);
    expect(await status(wrong(), morning)).toBe(401);
    expect(await status(TEST_ADMIN, morning)).toBe(200);
  });

  it("holds a username's wait only against addresses that used up their own free failures", async () => {
    // Twelve addresses guessing 'target': its wait is 2^7 s.
    for (let i = 0; i < 12; i++) expect(await status(wrong('target'), ip())).toBe(401);
    // A fresh address, and one that mistyped, are not held back by it...
    expect(await status(wrong('target'), ip())).toBe(401);
    const mistyped = ip();
    expect(await status(wrong('other'), mistyped)).toBe(401);
    expect(await status(wrong('target'), mistyped)).toBe(401);
    // ...one past its own free failures is, once its own wait is over.
    const failing = ip();
    for (let i = 0; i < FREE; i++) expect(await status(wrong(`other${i}`), failing)).toBe(401);
    advance(SECOND);
    const held = await login(wrong('target'), failing);
    expect(held.statusCode).toBe(429);
    expect(Number(held.headers['retry-after'])).toBeGreaterThan(60);
    // Other usernames from that address are considered: its own wait is over.
    expect(await status(wrong('another'), failing)).toBe(401);
  });

  it('counts a burst of concurrent guesses before any of them is checked', async () => {
    const address = ip();
    const answers = await Promise.all(Array.from({ length: FREE + 5 }, (_, i) => login(wrong(`burst${i}`), address)));
    expect(answers.filter((r) => r.statusCode === 401)).toHaveLength(FREE);
    expect(answers.filter((r) => r.statusCode === 429)).toHaveLength(5);
  });

  it('counts a whole IPv6 /64 as one address', async () => {
    for (let i = 0; i < FREE; i++) await login(wrong(`six${i}`), `2001:db8:1:2::${i + 1}`);
    expect(await status(TEST_ADMIN, '2001:db8:1:2:ffff:0:0:9')).toBe(429);
    expect(await status(TEST_ADMIN, '2001:db8:1:3::1')).toBe(200);
  });

  it('answers an unknown username exactly like a known one, fresh and throttled, with the same work', async () => {
    const answer = async (username: string, address: string) => {
      const before = passwordChecksRun();
      const res = await login(wrong(username), address);
      return { status: res.statusCode, body: res.json(), retryAfter: res.headers['retry-after'], cookies: res.cookies.length, checks: passwordChecksRun() - before };
    };
    const [known, unknown] = [ip(), ip()];
    // Fresh: one scrypt check each, the same 401.
    for (let i = 0; i < FREE; i++) {
      const pair = [await answer('boss', known), await answer('nobody-here', unknown)];
      expect(pair[0]).toEqual({ status: 401, body: { error: 'Invalid username or password' }, retryAfter: undefined, cookies: 0, checks: 1 });
      expect(pair[1]).toEqual(pair[0]);
    }
    // Throttled by the address: no lookup, no scrypt check, the same 429.
    const throttled = [await answer('boss', known), await answer('nobody-here', unknown)];
    expect(throttled[0]).toEqual({ status: 429, body: { error: 'Too many login attempts. Try again in 1 second.' }, retryAfter: '1', cookies: 0, checks: 0 });
    expect(throttled[1]).toEqual(throttled[0]);

    // Throttled by the username (guessed from elsewhere, for addresses past their free failures): alike again.
    advance(LOGIN_BACKOFF.windowMs);
    for (let i = 0; i < 12; i++) { await login(wrong('boss'), ip()); await login(wrong('nobody-here'), ip()); }
    const [knownAgain, unknownAgain] = [ip(), ip()];
    for (let i = 0; i < FREE; i++) { await login(wrong(`first${i}`), knownAgain); await login(wrong(`second${i}`), unknownAgain); }
    advance(SECOND);
    const byUsername = [await answer('boss', knownAgain), await answer('nobody-here', unknownAgain)];
    expect(byUsername[0]).toMatchObject({ status: 429, body: { error: expect.stringMatching(/^Too many login attempts\. Try again in \d+ (seconds|minutes)\.$/) }, cookies: 0, checks: 0 });
    expect(byUsername[1]).toEqual(byUsername[0]);
  });

  it('keeps its waits across a restart, and never reads the lock stored by the old account lockout', async () => {
    const address = ip();
    for (let i = 0; i < FREE + 5; i++) await login(wrong(), address);
    expect(await status(TEST_ADMIN, address)).toBe(429);
    await t.services.db.update(adminAccounts).set({ failedAttempts: 4, lockedUntil: new Date(clock + 3_600_000) }).where(eq(adminAccounts.username, 'boss'));

    const restarted = await buildServer({ services: t.services, serveApp: false });
    try {
      const loginThere = (remoteAddress: string) => restarted.inject({ method: 'POST', url: '/api/admin/login', payload: TEST_ADMIN, remoteAddress });
      // The throttle is in the database: a restart (or another web process) is no way round it...
      expect((await loginThere(address)).statusCode).toBe(429);
      // ...and its waits end by themselves: past the capped wait the right password works.
      advance(LOGIN_BACKOFF.maxDelayMs);
      expect((await loginThere(address)).statusCode).toBe(200);
    } finally {
      await restarted.close();
    }
  });
});

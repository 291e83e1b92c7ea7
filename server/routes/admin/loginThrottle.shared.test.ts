import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LOGIN_BACKOFF, loginThrottleKeys } from '../../auth/admin/loginThrottle';
import { adminLoginFailures } from '../../db/schema';
import { pruneLimitsJob } from '../../jobs/pruneLimits';
import { fingerprinter } from '../../testing/dbFingerprint';
import { createWebPair, type WebPair } from '../../testing/webPair';
import { TEST_ADMIN, TEST_ADMIN_ENV } from './testAdmin';

describe('admin login throttling across web processes (two apps, one database)', () => {
  const FREE = LOGIN_BACKOFF.freeFailures;
  const SECOND = LOGIN_BACKOFF.baseDelayMs;
  let pair: WebPair;
  let ipCounter = 0;
  const ip = () => `10.2.0.${++ipCounter}`;
  // Attempt n goes to web process n % 2, as a balancer spreading one guesser's requests would.
  let turn = 0;
  const login = (payload: object, remoteAddress: string, web = turn++ % 2) =>
    pair.apps[web]!.inject({ method: 'POST', url: '/api/admin/login', payload, remoteAddress });
  const wrong = (username = 'boss') => ({ username, password: 'not-the-password' });
  const status = async (payload: object, remoteAddress: string, web?: number) => (await login(payload, remoteAddress, web)).statusCode;
  let clock = Date.now();
  const advance = (ms: number) => { clock += ms; };

  beforeAll(async () => {
    pair = await createWebPair(TEST_ADMIN_ENV);
    pair.setNow(() => new Date(clock));
  });
  afterAll(async () => { await pair?.close(); });
  beforeEach(() => { advance(LOGIN_BACKOFF.windowMs); });

  it('failures spread over both processes meet one doubling wait after the five free ones', async () => {
    const address = ip();
    for (let i = 0; i < FREE; i++) expect(await status(wrong(`typo${i}`), address)).toBe(401);
    let wait = SECOND;
    for (let round = 0; round < 4; round++) {
      // Both processes refuse, with the same wait and the same words.
      for (const web of [0, 1]) {
        const early = await login(TEST_ADMIN, address, web);
        expect([early.statusCode, early.headers['retry-after']]).toEqual([429, String(wait / 1000)]);
        expect(early.json()).toEqual({ error: `Too many login attempts. Try again in ${wait / 1000} second${wait === SECOND ? '' : 's'}.` });
      }
      advance(wait);
      expect(await status(wrong(), address)).toBe(401);
      wait *= 2;
    }
    // The right password, once the wait is over, works on either and clears it for both.
    advance(wait);
    expect(await status(TEST_ADMIN, address, 0)).toBe(200);
    for (let i = 0; i < FREE; i++) expect(await status(wrong(), address)).toBe(401);
    expect(await status(TEST_ADMIN, address, 1)).toBe(429);
  });

  it("a username guessed from many addresses through both processes holds those past their own free failures", async () => {
    for (let i = 0; i < 12; i++) expect(await status(wrong('target'), ip())).toBe(401);
    const failing = ip();
    for (let i = 0; i < FREE; i++) expect(await status(wrong(`other${i}`), failing)).toBe(401);
    advance(SECOND);
    for (const web of [0, 1]) {
      const held = await login(wrong('target'), failing, web);
      expect(held.statusCode).toBe(429);
      expect(Number(held.headers['retry-after'])).toBeGreaterThan(60);
    }
  });

  it('refuses a throttled attempt without writing anything, on either process', async () => {
    const address = ip();
    for (let i = 0; i < FREE; i++) expect(await status(wrong(), address)).toBe(401);
    const fingerprint = await fingerprinter(pair.services[0].database);
    const before = await fingerprint();
    for (let i = 0; i < 6; i++) expect(await status(i % 3 === 0 ? TEST_ADMIN : wrong(`w${i}`), address)).toBe(429);
    expect(await fingerprint()).toBe(before);
  });

  it('counts a burst of concurrent guesses sent to both processes before any of them is checked', async () => {
    const address = ip();
    const answers = await Promise.all(Array.from({ length: FREE + 5 }, (_, i) => login(wrong(`burst${i}`), address, i % 2)));
    expect(answers.filter((r) => r.statusCode === 401)).toHaveLength(FREE);
    expect(answers.filter((r) => r.statusCode === 429)).toHaveLength(5);
  });

  it('the prune-limits job drops the records of keys whose failures have all left the window, and only those', async () => {
    const db = pair.services[0].db;
    const keys = async () => (await db.select({ key: adminLoginFailures.key }).from(adminLoginFailures)).map((r) => r.key).sort();
    // Eight guesses for one name: its wait is 8 s from now.
    for (let i = 0; i < FREE + 3; i++) await login(wrong('old-name'), ip());
    advance(10 * 60_000);
    // Ten minutes on, one address uses up its free failures (its wait: 1 s).
    const busy = ip();
    for (let i = 0; i < FREE; i++) expect(await status(wrong('recent-name'), busy)).toBe(401);
    // A window after the old name's wait ended: its rows go, the busy address's failures still count.
    advance(LOGIN_BACKOFF.windowMs - 10 * 60_000 + 8 * SECOND + 1);
    await pruneLimitsJob.run(pair.services[1]);
    const kept = loginThrottleKeys({ ip: busy, username: 'recent-name' });
    expect(await keys()).toEqual([kept.address, kept.username]);
    expect(await status(wrong('recent-name'), busy)).toBe(401);
    const held = await login(TEST_ADMIN, busy);
    expect([held.statusCode, held.headers['retry-after']]).toEqual([429, '2']);
  });
});

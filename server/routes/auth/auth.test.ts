import { Keypair } from '@solana/web3.js';
import bs58 from 'bs58';
import { count, eq, isNotNull } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { authNonces, userSessions } from '../../db/schema';
import { createTestApp, type TestApp } from '../../testing/app';
import { signInWallet, signMessage, testIp } from '../../testing/wallet';
import { sha256Hex } from '../../auth/wallet/session';

const CHROME_ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

// The cookie banner's Accept: analytics consent, with which a sign-in stores its client's analytics fields.
const ANALYTICS_CONSENT = 'cookie-consent=true; user-preferences-analytics=true';

describe('wallet sign-in', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp({ PUBLIC_URL: 'https://causemint.example' }); });
  afterAll(async () => { await t.close(); });
  afterEach(() => { t.services.now = () => new Date(); });

  const challenge = async (wallet: string, remoteAddress = testIp()) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/challenge', payload: { wallet }, remoteAddress });
    expect(res.statusCode).toBe(200);
    return res.json() as { message: string; nonce: string; expiresAt: string };
  };
  const verify = (payload: Record<string, string>, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/auth/verify', payload, headers, remoteAddress: testIp() });
  const counts = async () => {
    const [sessions] = await t.services.db.select({ n: count() }).from(userSessions);
    const [used] = await t.services.db.select({ n: count() }).from(authNonces).where(isNotNull(authNonces.usedAt));
    return { sessions: sessions.n, usedNonces: used.n };
  };

  it('issues a Sign-In-With-Solana message with a stored single-use nonce', async () => {
    const wallet = Keypair.generate().publicKey.toBase58();
    const before = Date.now();
    const c = await challenge(wallet);
    expect(bs58.decode(c.nonce).length).toBeGreaterThanOrEqual(16);
    expect(Date.parse(c.expiresAt) - before).toBeGreaterThanOrEqual(5 * 60_000 - 50);
    expect(Date.parse(c.expiresAt) - before).toBeLessThanOrEqual(5 * 60_000 + 2000);
    const lines = c.message.split('\n');
    expect(lines[0]).toBe('causemint.example wants you to sign in with your Solana account:');
    expect(lines[1]).toBe(wallet);
    expect(c.message).toContain('Sign in to Causemint.');
    expect(c.message).toContain('\nURI: https://causemint.example\nVersion: 1\nChain ID: localnet\n');
    expect(c.message).toContain(`\nNonce: ${c.nonce}\n`);
    expect(c.message).toMatch(/\nIssued At: \d{4}-\d\d-\d\dT[\d:.]+Z\n/);
    expect(c.message).toContain(`\nExpiration Time: ${c.expiresAt}`);
    const [row] = await t.services.db.select().from(authNonces).where(eq(authNonces.nonce, c.nonce));
    expect(row).toMatchObject({ walletAddress: wallet, message: c.message, usedAt: null });
    expect(row.expiresAt.toISOString()).toBe(c.expiresAt);
    expect((await challenge(wallet)).nonce).not.toBe(c.nonce);
  });

  it.each([['abc'], [42], [null], ['0OIl0OIl0OIl0OIl0OIl0OIl0OIl0OIl0OIl'], [bs58.encode(new Uint8Array(31).fill(7))], ['']])(
    'refuses %j as a wallet with 400', async (wallet) => {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/challenge', payload: { wallet }, remoteAddress: testIp() });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('Invalid Solana wallet address');
    });

  it('signs in with a real ed25519 signature: cookie, session row, nonce consumed', async () => {
    const keypair = Keypair.generate();
    const wallet = keypair.publicKey.toBase58();
    const c = await challenge(wallet);
    const signature = signMessage(keypair, c.message);
    const res = await t.app.inject({
      method: 'POST', url: '/api/auth/verify', payload: { wallet, message: c.message, signature }, remoteAddress: '10.9.8.7',
      headers: { 'user-agent': CHROME_ANDROID, referer: 'https://causemint.example/explore', 'cf-ipcountry': 'DE', cookie: ANALYTICS_CONSENT },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({ wallet, expiresAt: expect.any(String), isNewUser: true });
    const cookie = res.cookies.find((x) => x.name === 'cm_session')!;
    expect(cookie.value).toMatch(/^[0-9a-f]{64}$/);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', secure: true, path: '/' });
    expect(Math.abs(cookie.expires!.getTime() - Date.parse(body.expiresAt))).toBeLessThan(1000);
    expect(Date.parse(body.expiresAt) - Date.now()).toBeGreaterThan(3_600_000 - 5000);

    const [row] = await t.services.db.select().from(userSessions).where(eq(userSessions.walletAddress, wallet));
    expect(row).toMatchObject({
      sessionTokenHash: sha256Hex(cookie.value), signature, nonce: c.nonce, ipAddress: '10.9.8.7',
      userAgent: CHROME_ANDROID, referrer: 'https://causemint.example/explore', deviceType: 'mobile', browser: 'chrome',
      // TRUST_PROXY is off: a client-sent location header is not believed.
      country: 'unknown', city: 'unknown', region: 'unknown',
      isNewUser: true, authSignatureHash: sha256Hex(signature), authMessage: c.message, authNonce: c.nonce,
      actionsTaken: ['authenticated'], campaignsCreated: 0, tradesMade: 0, endedAt: null,
    });
    expect(row.expiresAt!.toISOString()).toBe(body.expiresAt);
    const [nonce] = await t.services.db.select().from(authNonces).where(eq(authNonces.nonce, c.nonce));
    expect(nonce.usedAt).not.toBeNull();

    const again = await signInWallet(t.app, keypair);
    expect(again.isNewUser).toBe(false);
  });

  it('without analytics consent stores none of the analytics fields, and the session works the same', async () => {
    for (const consent of ['', 'cookie-consent=false; user-preferences-analytics=false', 'cookie-consent=true; user-preferences-analytics=false']) {
      const keypair = Keypair.generate();
      const wallet = keypair.publicKey.toBase58();
      const c = await challenge(wallet);
      const res = await t.app.inject({
        method: 'POST', url: '/api/auth/verify', payload: { wallet, message: c.message, signature: signMessage(keypair, c.message) }, remoteAddress: '10.9.8.8',
        headers: { 'user-agent': CHROME_ANDROID, referer: 'https://causemint.example/explore', ...(consent ? { cookie: consent } : {}) },
      });
      expect(res.statusCode, consent).toBe(200);
      const [row] = await t.services.db.select().from(userSessions).where(eq(userSessions.walletAddress, wallet));
      expect(row, consent).toMatchObject({
        ipAddress: null, userAgent: null, referrer: null, browser: 'unknown', country: 'unknown', city: 'unknown', region: 'unknown',
        isNewUser: true, actionsTaken: ['authenticated'],
      });
      const session = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie: `cm_session=${res.cookies.find((x) => x.name === 'cm_session')!.value}` } });
      expect(session.json().session, consent).toMatchObject({ wallet });
    }
  });

  it('answers GET /api/auth/session with the live session, and 200 { session: null } when signed out (no HTTP error)', async () => {
    const s = await signInWallet(t.app);
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie: s.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ session: { wallet: s.wallet, expiresAt: s.expiresAt } });
    for (const cookie of [undefined, 'cm_session=nope', `cm_session=${'0'.repeat(64)}`]) {
      const none = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: cookie ? { cookie } : {} });
      expect(none.statusCode).toBe(200);
      expect(none.json()).toEqual({ session: null });
    }
    t.services.now = () => new Date(Date.parse(s.expiresAt) + 1);
    const expired = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie: s.cookie } });
    expect(expired.json()).toEqual({ session: null });
  });

  it('logs out: the session row is ended and the cookie cleared', async () => {
    const s = await signInWallet(t.app);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: s.cookie, origin: 'https://causemint.example' } });
    expect(res.statusCode).toBe(200);
    const cleared = res.cookies.find((x) => x.name === 'cm_session')!;
    expect(cleared.value).toBe('');
    expect(cleared.expires!.getTime()).toBeLessThan(Date.now());
    const [row] = await t.services.db.select().from(userSessions).where(eq(userSessions.walletAddress, s.wallet));
    expect(row.endedAt).not.toBeNull();
    const after = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie: s.cookie } });
    expect(after.json()).toEqual({ session: null });
  });

  it('ends the browser\'s previous session when it signs in again', async () => {
    const first = await signInWallet(t.app);
    const other = Keypair.generate();
    const c = await challenge(other.publicKey.toBase58());
    const res = await verify(
      { wallet: other.publicKey.toBase58(), message: c.message, signature: signMessage(other, c.message) },
      { cookie: first.cookie },
    );
    expect(res.statusCode).toBe(200);
    const [old] = await t.services.db.select().from(userSessions).where(eq(userSessions.walletAddress, first.wallet));
    expect(old.endedAt).not.toBeNull();
    const session = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie: first.cookie } });
    expect(session.json()).toEqual({ session: null });
  });

  describe('refusals write nothing', () => {
    const expectRefused = async (payload: Record<string, string>) => {
      const before = await counts();
      const res = await verify(payload);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: expect.any(String) });
      expect(res.cookies.find((x) => x.name === 'cm_session')).toBeUndefined();
      expect(await counts()).toEqual(before);
      return res.json().error as string;
    };

    it('a wrong signature', async () => {
      const keypair = Keypair.generate();
      const wallet = keypair.publicKey.toBase58();
      const c = await challenge(wallet);
      const good = bs58.decode(signMessage(keypair, c.message));
      good[10] ^= 1;
      expect(await expectRefused({ wallet, message: c.message, signature: bs58.encode(good) })).toBe('Invalid signature');
      expect(await expectRefused({ wallet, message: c.message, signature: 'notbase58!' })).toBe('Invalid signature');
      // The untouched challenge still works afterwards: the refusal consumed nothing.
      expect((await verify({ wallet, message: c.message, signature: signMessage(keypair, c.message) })).statusCode).toBe(200);
    });

    it('a message that is not exactly the one issued, even when properly signed', async () => {
      const keypair = Keypair.generate();
      const wallet = keypair.publicKey.toBase58();
      const c = await challenge(wallet);
      const tampered = c.message.replace(/Expiration Time: .*/, 'Expiration Time: 2099-01-01T00:00:00.000Z');
      await expectRefused({ wallet, message: tampered, signature: signMessage(keypair, tampered) });
      const noNonce = 'Sign in to Causemint';
      await expectRefused({ wallet, message: noNonce, signature: signMessage(keypair, noNonce) });
    });

    it("another wallet's signature, or another wallet's challenge", async () => {
      const alice = Keypair.generate();
      const mallory = Keypair.generate();
      const c = await challenge(alice.publicKey.toBase58());
      // Mallory signs Alice's challenge and claims to be Alice.
      await expectRefused({ wallet: alice.publicKey.toBase58(), message: c.message, signature: signMessage(mallory, c.message) });
      // Mallory signs Alice's challenge as herself.
      await expectRefused({ wallet: mallory.publicKey.toBase58(), message: c.message, signature: signMessage(mallory, c.message) });
    });

    it('a reused nonce (replay), including two at once', async () => {
      const keypair = Keypair.generate();
      const wallet = keypair.publicKey.toBase58();
      const c = await challenge(wallet);
      const proof = { wallet, message: c.message, signature: signMessage(keypair, c.message) };
      expect((await verify(proof)).statusCode).toBe(200);
      expect(await expectRefused(proof)).toBe('This sign-in message has already been used');

      const c2 = await challenge(wallet);
      const proof2 = { wallet, message: c2.message, signature: signMessage(keypair, c2.message) };
      const before = await counts();
      const results = await Promise.all([verify(proof2), verify(proof2), verify(proof2)]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 401, 401]);
      const after = await counts();
      expect(after.sessions).toBe(before.sessions + 1);
    });

    it('an expired nonce: past its expires_at, or with the clock moved past it', async () => {
      const keypair = Keypair.generate();
      const wallet = keypair.publicKey.toBase58();
      const c = await challenge(wallet);
      await t.services.db.update(authNonces).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(authNonces.nonce, c.nonce));
      expect(await expectRefused({ wallet, message: c.message, signature: signMessage(keypair, c.message) }))
        .toBe('This sign-in message has expired');

      const c2 = await challenge(wallet);
      t.services.now = () => new Date(Date.parse(c2.expiresAt) + 1);
      await expectRefused({ wallet, message: c2.message, signature: signMessage(keypair, c2.message) });
    });
  });

  it('refuses a write carrying a session cookie from a foreign Origin (CSRF)', async () => {
    const s = await signInWallet(t.app);
    for (const origin of ['https://evil.example', 'null', 'http://causemint.example']) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: s.cookie, origin } });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: 'Cross-site request refused' });
    }
    const still = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie: s.cookie, origin: 'https://evil.example' } });
    expect(still.statusCode).toBe(200);
    const [row] = await t.services.db.select().from(userSessions).where(eq(userSessions.walletAddress, s.wallet));
    expect(row.endedAt).toBeNull();
    // The page's own origin, by PUBLIC_URL or by the Host it was served from, passes.
    const own = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: s.cookie, origin: 'http://localhost:5173', host: 'localhost:5173' } });
    expect(own.statusCode).toBe(200);
  });

  it('rate-limits sign-in per IP: 20 challenges a minute', async () => {
    const wallet = Keypair.generate().publicKey.toBase58();
    const remoteAddress = '10.250.0.1';
    for (let i = 0; i < 20; i++) await challenge(wallet, remoteAddress);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/challenge', payload: { wallet }, remoteAddress });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ error: expect.stringMatching(/Too many sign-in attempts/) });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    await challenge(wallet, '10.250.0.2');
  });
});

describe('wallet sign-in behind a trusted proxy', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp({ TRUST_PROXY: 'on', SOLANA_RPC_URL: 'http://127.0.0.1:1', SOLANA_CLUSTER: 'devnet' }); });
  afterAll(async () => { await t.close(); });

  it('records the client IP and location from the proxy headers and names the cluster', async () => {
    const keypair = Keypair.generate();
    const wallet = keypair.publicKey.toBase58();
    const c = (await t.app.inject({ method: 'POST', url: '/api/auth/challenge', payload: { wallet } })).json();
    expect(c.message).toContain('\nChain ID: devnet\n');
    const res = await t.app.inject({
      method: 'POST', url: '/api/auth/verify', payload: { wallet, message: c.message, signature: signMessage(keypair, c.message) },
      headers: { 'x-forwarded-for': '203.0.113.7', 'x-vercel-ip-country': 'PT', 'x-vercel-ip-city': 'S%C3%A3o%20Paulo', 'x-vercel-ip-country-region': 'SP', cookie: ANALYTICS_CONSENT },
    });
    expect(res.statusCode).toBe(200);
    const [row] = await t.services.db.select().from(userSessions).where(eq(userSessions.walletAddress, wallet));
    expect(row).toMatchObject({ ipAddress: '203.0.113.7', country: 'PT', city: 'São Paulo', region: 'SP' });
    const cookie = res.cookies.find((x) => x.name === 'cm_session')!;
    expect(cookie.secure).toBeFalsy();
  });

  it('believes neither X-Forwarded-For nor the location headers from a client that is not one of the proxies', async () => {
    const keypair = Keypair.generate();
    const wallet = keypair.publicKey.toBase58();
    const c = (await t.app.inject({ method: 'POST', url: '/api/auth/challenge', payload: { wallet }, remoteAddress: '198.51.100.9' })).json();
    const res = await t.app.inject({
      method: 'POST', url: '/api/auth/verify', payload: { wallet, message: c.message, signature: signMessage(keypair, c.message) }, remoteAddress: '198.51.100.9',
      headers: { 'x-forwarded-for': '203.0.113.7', 'x-vercel-ip-country': 'PT', 'x-vercel-ip-city': 'Lisboa', cookie: ANALYTICS_CONSENT },
    });
    expect(res.statusCode).toBe(200);
    const [row] = await t.services.db.select().from(userSessions).where(eq(userSessions.walletAddress, wallet));
    expect(row).toMatchObject({ ipAddress: '198.51.100.9', city: 'unknown', region: 'unknown' });
    expect(row.country).not.toBe('PT');
  });
});

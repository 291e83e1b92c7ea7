import { Keypair } from '@solana/web3.js';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignFollows, campaigns } from '../../db/schema';
import { WALLET_REQUIRED_MESSAGE } from '../../policies/wallet';
import { createTestApp, type TestApp } from '../../testing/app';
import { fingerprinter } from '../../testing/dbFingerprint';
import { signInWallet, type SignedIn } from '../../testing/wallet';

const mint = () => Keypair.generate().publicKey.toBase58();

describe('following a campaign', () => {
  let t: TestApp;
  let fan: SignedIn;
  const MINT = mint();
  const send = (method: 'GET' | 'PUT' | 'DELETE', url: string, who?: SignedIn, headers: Record<string, string> = {}) =>
    t.app.inject({ method, url, headers: { ...headers, ...(who ? { cookie: who.cookie } : {}) } });
  const count = async () => (await t.services.db.select({ n: campaigns.followers }).from(campaigns).where(eq(campaigns.tokenAddress, MINT)))[0]!.n;

  beforeAll(async () => {
    t = await createTestApp();
    fan = await signInWallet(t.app);
    await t.services.db.insert(campaigns).values({ creatorWallet: mint(), ticker: 'FOLO', name: 'Follow Me', goalLamports: 10n ** 10n, tokenAddress: MINT });
  }, 60_000);
  afterAll(async () => { await t.close(); });

  it('answers the count to anyone and whether the signed-in wallet follows', async () => {
    expect((await send('GET', `/api/campaigns/${MINT}/follow`)).json()).toEqual({ following: false, followers: 0 });
    expect((await send('GET', `/api/campaigns/${MINT}/follow`, fan)).json()).toEqual({ following: false, followers: 0 });
    expect((await send('GET', '/api/campaigns/NoSuchMint/follow')).statusCode).toBe(404);
  });

  it('follows and unfollows idempotently, keeping the count with the rows (the list and page show it)', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await send('PUT', `/api/campaigns/${MINT}/follow`, fan);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ following: true, followers: 1 });
    }
    expect((await send('GET', `/api/campaigns/${MINT}/follow`, fan)).json()).toEqual({ following: true, followers: 1 });
    expect((await send('GET', '/api/account/follows', fan)).json()).toEqual({ token_addresses: [MINT] });
    expect((await send('GET', '/api/account/follows')).statusCode).toBe(401);
    expect((await send('GET', `/api/campaigns/${MINT}`)).json()).toMatchObject({ followers: 1 });
    const list = (await send('GET', '/api/campaigns?filter=all')).json() as { campaigns: { token_address: string; followers: number }[] };
    expect(list.campaigns.find((c) => c.token_address === MINT)).toMatchObject({ followers: 1 });
    for (let i = 0; i < 2; i++) expect((await send('DELETE', `/api/campaigns/${MINT}/follow`, fan)).json()).toEqual({ following: false, followers: 0 });
    expect(await count()).toBe(0);
    expect((await send('GET', '/api/account/follows', fan)).json()).toEqual({ token_addresses: [] });
  });

  it('counts many wallets following at once exactly', async () => {
    const wallets = await Promise.all(Array.from({ length: 8 }, () => signInWallet(t.app)));
    await Promise.all(wallets.flatMap((w) => [send('PUT', `/api/campaigns/${MINT}/follow`, w), send('PUT', `/api/campaigns/${MINT}/follow`, w)]));
    expect(await count()).toBe(8);
    expect(await t.services.db.$count(campaignFollows, eq(campaignFollows.wallet, wallets[0]!.wallet))).toBe(1);
    await Promise.all(wallets.slice(0, 3).map((w) => send('DELETE', `/api/campaigns/${MINT}/follow`, w)));
    expect(await count()).toBe(5);
    expect(await t.services.db.$count(campaignFollows)).toBe(5);
  });

  it('refuses a follow without a session (401), from another site (403) or of an unknown campaign (404), storing nothing', async () => {
    const fingerprint = await fingerprinter(t.services.database);
    const before = await fingerprint();
    const anon = await send('PUT', `/api/campaigns/${MINT}/follow`);
    expect(anon.statusCode).toBe(401);
    expect(anon.json()).toEqual({ error: WALLET_REQUIRED_MESSAGE });
    expect((await send('DELETE', `/api/campaigns/${MINT}/follow`)).statusCode).toBe(401);
    expect((await send('PUT', `/api/campaigns/${MINT}/follow`, fan, { origin: 'https://evil.example' })).statusCode).toBe(403);
    const unknown = await send('PUT', '/api/campaigns/NoSuchMint/follow', fan);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'Campaign not found' });
    expect(await fingerprint()).toBe(before);
  });
});

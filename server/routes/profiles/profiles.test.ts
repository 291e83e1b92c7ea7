import { Keypair } from '@solana/web3.js';
import { count } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { userProfiles } from '../../db/schema';
import { createTestApp, type TestApp } from '../../testing/app';
import { multipartBody } from '../../testing/multipart';
import { signInWallet, type SignedIn } from '../../testing/wallet';

describe('profiles', () => {
  let t: TestApp;
  let alice: SignedIn;
  let bob: SignedIn;
  beforeAll(async () => {
    t = await createTestApp({ PINATA_GATEWAY: 'https://gw.example' });
    alice = await signInWallet(t.app);
    bob = await signInWallet(t.app);
  });
  afterAll(async () => { await t.close(); });
  afterEach(() => { t.services.now = () => new Date(); });

  const get = (wallet: string) => t.app.inject({ method: 'GET', url: `/api/profiles/${wallet}` });
  const put = (who: SignedIn | null, payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'PUT', url: '/api/profile', payload: payload as object, headers: { ...(who ? { cookie: who.cookie } : {}), ...headers } });
  const profileRows = async () => (await t.services.db.select({ n: count() }).from(userProfiles))[0].n;

  it('answers a wallet without a profile with nulls, and a malformed address with 400', async () => {
    const wallet = Keypair.generate().publicKey.toBase58();
    const res = await get(wallet);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ wallet_address: wallet, username: null, profile_photo: null, updated_at: null });
    const bad = await get('not-a-wallet');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('Invalid Solana wallet address');
  });

  it('saves the signed-in wallet\'s username as typed (trimmed) and a photo uploaded here', async () => {
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('profile photo bytes of alice')]);
    const body = await multipartBody([['kind', 'profile_photo'], ['file', { data: png, filename: 'me.png' }]]);
    const uploaded = await t.app.inject({ method: 'POST', url: '/api/uploads', payload: body.payload, headers: { ...body.headers, cookie: alice.cookie } });
    expect(uploaded.statusCode).toBe(200);
    const { url } = uploaded.json();

    const res = await put(alice, { username: '  Ålice the 1st 🚀 ', profile_photo: url });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ wallet_address: alice.wallet, username: 'Ålice the 1st 🚀', profile_photo: url, updated_at: expect.any(String) });
    expect((await get(alice.wallet)).json()).toEqual(res.json());

    // An omitted field keeps its value; null clears it.
    const renamed = await put(alice, { username: 'alice' });
    expect(renamed.json()).toMatchObject({ username: 'alice', profile_photo: url });
    const cleared = await put(alice, { profile_photo: null });
    expect(cleared.json()).toMatchObject({ username: 'alice', profile_photo: null });
    const gateway = 'https://gw.example/ipfs/bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi';
    expect((await put(alice, { profile_photo: gateway })).json()).toMatchObject({ profile_photo: gateway });
  });

  it('edits only the session wallet\'s own profile', async () => {
    const before = (await get(bob.wallet)).json();
    const res = await put(alice, { username: 'not bob', wallet_address: bob.wallet });
    expect(res.statusCode).toBe(200);
    expect(res.json().wallet_address).toBe(alice.wallet);
    expect((await get(bob.wallet)).json()).toEqual(before);
  });

  it('refuses bad input and writes nothing', async () => {
    const rows = await profileRows();
    const cases: [unknown, string][] = [
      [{ username: 'x'.repeat(51) }, 'Username must be at most 50 characters'],
      [{}, 'Nothing to update'],
      [{ profile_photo: 'https://evil.example/ipfs/bafkreihdwdcefgh4dqkjv67uzcmw7ojee6xedzdetojuzjevtenxquvyku' }, 'profile_photo must be a URL returned by the upload endpoint'],
      [{ profile_photo: 'javascript:alert(1)' }, 'profile_photo must be a URL returned by the upload endpoint'],
      [{ profile_photo: '/ipfs/not-a-cid' }, 'profile_photo must be a URL returned by the upload endpoint'],
      [{ profile_photo: '//evil.example/ipfs/bafkreihdwdcefgh4dqkjv67uzcmw7ojee6xedzdetojuzjevtenxquvyku' }, 'profile_photo must be a URL returned by the upload endpoint'],
    ];
    for (const [payload, error] of cases) {
      const res = await put(bob, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(error);
    }
    expect(await profileRows()).toBe(rows);
    expect((await put(bob, { username: 'x'.repeat(50) })).statusCode).toBe(200);
  });

  it('needs a live session from our own origin', async () => {
    expect((await put(null, { username: 'anon' })).statusCode).toBe(401);
    const foreign = await put(alice, { username: 'csrf' }, { origin: 'https://evil.example' });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toEqual({ error: 'Cross-site request refused' });
    expect((await get(alice.wallet)).json().username).not.toBe('csrf');

    const carol = await signInWallet(t.app);
    t.services.now = () => new Date(Date.parse(carol.expiresAt) + 1);
    expect((await put(carol, { username: 'late' })).statusCode).toBe(401);
    t.services.now = () => new Date();
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: carol.cookie } });
    const ended = await put(carol, { username: 'gone' });
    expect(ended.statusCode).toBe(401);
    expect(ended.json()).toEqual({ error: 'Authentication required: Please authenticate your wallet first' });
    expect((await get(carol.wallet)).json().username).toBeNull();
  });
});

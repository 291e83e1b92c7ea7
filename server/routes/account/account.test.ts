import { Keypair } from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solToLamports } from '../../../core/money';
import { campaigns } from '../../db/schema';
import { createTestApp, type TestApp } from '../../testing/app';
import { signInWallet } from '../../testing/wallet';

describe('GET /api/account/campaigns', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp(); });
  afterAll(async () => { await t.close(); });

  const insert = (creatorWallet: string, ticker: string, goal: string, raised: string, extra: Partial<typeof campaigns.$inferInsert> = {}) =>
    t.services.db.insert(campaigns).values({
      creatorWallet, ticker, name: `Campaign ${ticker}`, goalLamports: solToLamports(goal), raisedLamports: solToLamports(raised),
      tokenAddress: Keypair.generate().publicKey.toBase58(), ...extra,
    }).returning();

  it('lists only the session wallet\'s campaigns, newest first, compared case-sensitively', async () => {
    const me = await signInWallet(t.app);
    const other = Keypair.generate().publicKey.toBase58();
    const [older] = await insert(me.wallet, 'MINEA', '10', '2.25', { createdAt: new Date('2026-01-01T00:00:00Z') });
    const [newer] = await insert(me.wallet, 'MINEB', '5', '5', { verified: true, createdAt: new Date('2026-02-01T00:00:00Z') });
    await insert(other, 'THEIRS', '10', '1');
    // Same letters, other case: a different base58 address.
    await insert(me.wallet.toLowerCase() === me.wallet ? me.wallet.toUpperCase() : me.wallet.toLowerCase(), 'CASEX', '10', '1');

    const res = await t.app.inject({ method: 'GET', url: '/api/account/campaigns', headers: { cookie: me.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json() as { campaigns: Array<Record<string, unknown>> };
    expect(body.campaigns.map((c) => c.ticker)).toEqual(['MINEB', 'MINEA']);
    expect(body.campaigns[0]).toMatchObject({
      id: newer.id, creator_wallet: me.wallet, verified: true, token_address: newer.tokenAddress,
      goal_lamports: '5000000000', raised_lamports: '5000000000', title: 'Campaign MINEB',
    });
    expect(body.campaigns[1]).toMatchObject({ id: older.id, verified: false, goal_lamports: '10000000000', raised_lamports: '2250000000' });
  });

  it('is empty for a wallet that created nothing', async () => {
    const fresh = await signInWallet(t.app);
    const res = await t.app.inject({ method: 'GET', url: '/api/account/campaigns', headers: { cookie: fresh.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ campaigns: [] });
  });

  it('refuses without a live wallet session', async () => {
    for (const headers of [{}, { cookie: 'cm_session=nope' }]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/account/campaigns', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: 'Authentication required: Please authenticate your wallet first' });
    }
  });
});

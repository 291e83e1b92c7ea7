import { desc, eq } from 'drizzle-orm';
import { Keypair } from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userSessions } from '../db/schema';
import { createTestApp, type TestApp } from '../testing/app';
import { signInWallet } from '../testing/wallet';
import { recordSessionActivity } from './recordSessionActivity';

describe('recordSessionActivity', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp(); });
  afterAll(async () => { await t.close(); });

  const sessionsOf = (wallet: string) =>
    t.services.db.select().from(userSessions).where(eq(userSessions.walletAddress, wallet)).orderBy(desc(userSessions.createdAt));

  it('counts campaigns and trades on the wallet\'s latest live session only', async () => {
    const keypair = Keypair.generate();
    const first = await signInWallet(t.app, keypair);
    await new Promise((r) => setTimeout(r, 5));
    await signInWallet(t.app, keypair);
    const later = new Date(Date.now() + 60_000);

    expect(await recordSessionActivity(t.services.db, first.wallet, 'created_campaign', later)).toBe(true);
    expect(await recordSessionActivity(t.services.db, first.wallet, 'made_trade', later)).toBe(true);
    expect(await recordSessionActivity(t.services.db, first.wallet, 'made_trade', later)).toBe(true);

    const [latest, older] = await sessionsOf(first.wallet);
    expect(latest).toMatchObject({ actionsTaken: ['authenticated', 'created_campaign', 'made_trade', 'made_trade'], campaignsCreated: 1, tradesMade: 2 });
    expect(latest.lastActivity.getTime()).toBe(later.getTime());
    expect(older).toMatchObject({ actionsTaken: ['authenticated'], campaignsCreated: 0, tradesMade: 0 });
  });

  it('writes nothing for a wallet without a live session', async () => {
    const s = await signInWallet(t.app);
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: s.cookie } });
    expect(await recordSessionActivity(t.services.db, s.wallet, 'made_trade')).toBe(false);
    expect(await recordSessionActivity(t.services.db, Keypair.generate().publicKey.toBase58(), 'made_trade')).toBe(false);
    const [row] = await sessionsOf(s.wallet);
    expect(row).toMatchObject({ actionsTaken: ['authenticated'], tradesMade: 0 });
    const expired = await signInWallet(t.app);
    expect(await recordSessionActivity(t.services.db, expired.wallet, 'made_trade', new Date(Date.parse(expired.expiresAt) + 1))).toBe(false);
  });
});

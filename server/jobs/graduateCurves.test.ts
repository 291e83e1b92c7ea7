import { Keypair } from '@solana/web3.js';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAMPORTS_PER_SOL } from '../../core/constants';
import { curvePools, curveTrades } from '../db/schema';
import { launchDbcCampaign } from '../curve/testing/dbcCampaign';
import { createTestApp, type TestApp } from '../testing/app';
import { testIp } from '../testing/wallet';
import { signAsWallet } from '../testing/signing';
import { graduateCompleteCurves } from './graduateCurves';
import { readHolders } from '../market/holders';

describe('graduate-curves', () => {
  let t: TestApp;
  let mint: string;
  const trader = Keypair.generate();
  const trade = async (side: 'buy' | 'sell', amount: string) => {
    const built = await t.app.inject({ method: 'POST', url: `/api/curve/${mint}/${side}`, payload: { wallet: trader.publicKey.toBase58(), amount, slippageBps: 500 }, remoteAddress: testIp() });
    expect(built.statusCode, built.body).toBe(200);
    const done = await t.app.inject({ method: 'POST', url: `/api/curve/${mint}/execute`, payload: { transactionBase64: signAsWallet(built.json().transactionBase64, trader) }, remoteAddress: testIp() });
    expect(done.statusCode, done.body).toBe(200);
    return done.json();
  };
  const trades = async () => (await t.services.db.select().from(curveTrades).where(eq(curveTrades.mint, mint))).length;
  const pool = async () => (await t.services.db.select().from(curvePools).where(eq(curvePools.mint, mint)))[0]!;

  beforeAll(async () => {
    t = await createTestApp();
    mint = (await launchDbcCampaign(t.services, { initialBuyLamports: LAMPORTS_PER_SOL / 10n })).mint;
    await t.services.chain.airdrop!(trader.publicKey.toBase58(), 40n * LAMPORTS_PER_SOL);
  }, 60_000);
  afterAll(async () => { await t.close(); });

  it('migrates a campaign whose curve the trade API completed, once, and its trades go on through the same API', async () => {
    // The launch's initial buy is the pool's first trade, recorded at launch.
    expect(await trades()).toBe(1);
    expect(await graduateCompleteCurves(t.services)).toBe(0);
    expect((await trade('buy', '25')).graduated).toBe(true);
    // Execute recorded the trade before answering: the pool row is complete.
    expect(await trades()).toBe(2);
    expect((await pool()).complete).toBe(true);

    expect(await graduateCompleteCurves(t.services)).toBe(1);
    const graduated = await pool();
    expect(graduated.dammPool).not.toBeNull();
    expect(graduated.graduatedAt).not.toBeNull();
    expect(await graduateCompleteCurves(t.services)).toBe(0);
    // The pools' vaults are nobody's holding: the creator and the trader are the holders, before and after.
    expect((await readHolders(t.services, mint)).count).toBe(2);

    // The widget's same calls now trade the DAMM v2 pool, and the indexer records them too.
    const bought = await trade('buy', '0.1');
    expect(bought.side).toBe('buy');
    expect(await trades()).toBe(3);
    await trade('sell', bought.expectedOutput);
    expect(await trades()).toBe(4);
    expect((await readHolders(t.services, mint)).count).toBe(2);
  }, 60_000);
});

import { Keypair, PublicKey } from '@solana/web3.js';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAMPORTS_PER_SOL } from '../../core/constants';
import { curveTrades, distributionRuns } from '../db/schema';
import { launchDbcCampaign } from '../curve/testing/dbcCampaign';
import { createTestApp, type TestApp } from '../testing/app';
import { testIp } from '../testing/wallet';
import { signAsWallet } from '../testing/signing';
import { distributorFor } from './distributor';
import { graduateCompleteCurves } from '../jobs/graduateCurves';

describe('the distributor on a campaign\'s own DBC pool', () => {
  let t: TestApp;
  let campaign: Awaited<ReturnType<typeof launchDbcCampaign>>;
  const trader = Keypair.generate();
  const trade = async (side: 'buy' | 'sell', amount: string) => {
    const built = await t.app.inject({ method: 'POST', url: `/api/curve/${campaign.mint}/${side}`, payload: { wallet: trader.publicKey.toBase58(), amount, slippageBps: 500 }, remoteAddress: testIp() });
    const done = await t.app.inject({ method: 'POST', url: `/api/curve/${campaign.mint}/execute`, payload: { transactionBase64: signAsWallet(built.json().transactionBase64, trader) }, remoteAddress: testIp() });
    expect(done.statusCode, done.body).toBe(200);
    return done.json();
  };
  /** What the indexed trades say the creator role accrued: each pool fee less DBC's protocol share. */
  const accruedFromTrades = async () => (await t.services.db.select().from(curveTrades).where(eq(curveTrades.mint, campaign.mint)))
    .reduce((sum, row) => sum + row.feeLamports - row.protocolFeeLamports, 0n);
  const donated = () => t.services.chain.connection.getBalance(new PublicKey(campaign.donationWallet), 'confirmed').then(BigInt);

  beforeAll(async () => {
    t = await createTestApp({ DISTRIBUTOR_MIN_PAYOUT_LAMPORTS: '1000' });
    campaign = await launchDbcCampaign(t.services, { initialBuyLamports: LAMPORTS_PER_SOL / 2n });
    await t.services.chain.airdrop!(trader.publicKey.toBase58(), 40n * LAMPORTS_PER_SOL);
  }, 60_000);
  afterAll(async () => { await t.close(); });

  it('claims what the trades accrued straight to the donation wallet, to the lamport, once; nothing is sold', async () => {
    const bought = await trade('buy', '2');
    await trade('sell', bought.expectedOutput);
    const accrued = await accruedFromTrades();
    // 4.8% of the traded SOL, within a lamport per trade of rounding.
    expect(accrued).toBeGreaterThan(0n);

    const first = await distributorFor(t.services).run();
    expect(first).toMatchObject({ ran: true, started: 1, paid: 1, donatedLamports: accrued, platformFeeLamports: 0n });
    expect(await donated()).toBe(accrued);
    const [run] = await t.services.db.select().from(distributionRuns).where(eq(distributionRuns.mint, campaign.mint));
    expect(run).toMatchObject({ kind: 'dbc_claim', state: 'paid', donationLamports: accrued, soldLamports: null });
    expect(run!.txs.map((tx) => tx.step)).toEqual(['claim']);
    expect(run!.networkFeeLamports).toBeGreaterThan(0n);

    // Nothing accrued since: no run. More trading: a second claim of exactly the new fees.
    expect(await distributorFor(t.services).run()).toMatchObject({ started: 0, paid: 0 });
    await trade('buy', '1');
    // Proof of funds reconciles before the claim: earned = delivered + waiting in the pool, to the lamport.
    const proof = async () => (await t.app.inject({ method: 'GET', url: `/api/campaigns/${campaign.mint}/proof`, remoteAddress: testIp() })).json();
    const before = await proof();
    expect(before.program).toBe('dbc');
    expect(BigInt(before.claims.accrued.lamports)).toBe(await accruedFromTrades());
    expect(BigInt(before.delivered.lamports)).toBe(accrued);
    expect(BigInt(before.claims.unclaimed.lamports)).toBe(await accruedFromTrades() - accrued);
    // No platform share in these configs: none of the fee is the platform's (partnerClaim.test.ts has one).
    expect(before.claims.platform).toMatchObject({ accrued: { lamports: '0' }, claimed: { lamports: '0' }, unclaimed: { lamports: '0' } });
    const second = await distributorFor(t.services).run();
    const after = await proof();
    expect([after.claims.unclaimed.lamports, after.delivered.lamports]).toEqual(['0', after.claims.accrued.lamports]);
    expect(after.runs.items[0].signatures.claim).toHaveLength(1);
    expect(second.donatedLamports).toBe(await accruedFromTrades() - accrued);
    expect(await donated()).toBe(await accruedFromTrades());
  }, 60_000);

  it('after graduation claims what the curve accrued to its end, then the locked DAMM v2 position\'s fees', async () => {
    await trade('buy', '25');
    expect((await distributorFor(t.services).run()).paid).toBe(1);
    expect(await donated()).toBe(await accruedFromTrades());
    expect(await graduateCompleteCurves(t.services)).toBe(1);

    const beforeDamm = await donated();
    const bought = await trade('buy', '1');
    await trade('sell', bought.expectedOutput);
    const pending = await accruedFromTrades() - beforeDamm;
    const run = await distributorFor(t.services).run();
    expect(run.paid).toBe(1);
    // The position holds all the liquidity: its fee is the trades' fees less DAMM v2's protocol share,
    // to within the per-liquidity rounding (a lamport per trade, in the pool's favour).
    expect(pending - run.donatedLamports).toBeGreaterThanOrEqual(0n);
    expect(pending - run.donatedLamports).toBeLessThanOrEqual(2n);
    expect(await donated()).toBe(beforeDamm + run.donatedLamports);
    const [last] = await t.services.db.select().from(distributionRuns).where(eq(distributionRuns.mint, campaign.mint)).orderBy(desc(distributionRuns.createdAt)).limit(1);
    expect(last).toMatchObject({ kind: 'dbc_claim', state: 'paid' });
    // The distributor keeps nothing.
    expect(await t.services.chain.connection.getBalance(new PublicKey(last!.distributorWallet), 'confirmed')).toBe(0);
  }, 60_000);
});

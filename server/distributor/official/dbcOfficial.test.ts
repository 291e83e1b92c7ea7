import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { Keypair, PublicKey } from '@solana/web3.js';
import { TOKEN_TOTAL_SUPPLY } from '../../../core/constants';
import { OFFICIAL_POOL_FEE_BPS } from '../../../core/curve/dbc';
import { splitOfficial } from '../../../core/officialSplit';
import { curvePools, curveTrades, distributionRuns, officialToken, verifiedCharities } from '../../db/schema';
import { readCampaignMint } from '../../chain/token';
import { dbcClientOf } from '../../curve/clients';
import { readVirtualPool } from '../../curve/virtualPool';
import { createTestApp, type TestApp } from '../../testing/app';
import { testIp } from '../../testing/wallet';
import { airdrop } from '../../testing/launchFlow';
import { chainHoldings } from '../../chain/holdings';
import { signAsWallet } from '../../testing/signing';
import { launchOfficialToken } from '../../official/launchOfficial';
import { distributorFor } from '../distributor';
import { priceBeforeFirstTrade } from '../../official/curveChanges';
import { lamportsOf } from '../testing/campaigns';

// Whole tokens a holder needs for holder rewards in this test: the small buyer stays below it.
const MIN_TOKENS = 1_000_000n;

let t: TestApp;
let mint: string;
let pool: PublicKey;
let treasury: PublicKey;

const tokens = async (owner: PublicKey) => (await chainHoldings(t.services.chain)(owner.toBase58(), mint)).tokens;
const supply = async () => (await readCampaignMint(t.services.chain.connection, mint))!.supply;
const officialRuns = () => t.services.db.select().from(distributionRuns).where(eq(distributionRuns.kind, 'official')).orderBy(asc(distributionRuns.createdAt));
const accrued = async () => BigInt((await readVirtualPool(t.services.chain.connection, pool))!.poolState.creatorQuoteFee.toString());

async function buy(trader: Keypair, sol: string) {
  const built = await t.app.inject({ method: 'POST', url: `/api/curve/${mint}/buy`, payload: { wallet: trader.publicKey.toBase58(), amount: sol, slippageBps: 500 }, remoteAddress: testIp() });
  expect(built.statusCode, built.body).toBe(200);
  const done = await t.app.inject({ method: 'POST', url: `/api/curve/${mint}/execute`, payload: { transactionBase64: signAsWallet(built.json().transactionBase64, trader) }, remoteAddress: testIp() });
  expect(done.statusCode, done.body).toBe(200);
}

async function trader(sol: number) {
  const k = Keypair.generate();
  await airdrop(t.services, k.publicKey, sol);
  return k;
}

beforeAll(async () => {
  t = await createTestApp({ CURVE_PROGRAM: 'dbc', HOLDER_REWARD_MIN_TOKENS: MIN_TOKENS.toString(), DISTRIBUTOR_MIN_PAYOUT_LAMPORTS: '1000000' });
  treasury = (await t.services.keys.treasury()).publicKey;
  await airdrop(t.services, treasury, 5);
}, 60_000);
afterAll(async () => { await t?.close(); });

describe('the official token on its own DBC pool', () => {
  it('is launched as a pool under the official config: a 10% fee in SOL, on the curve and after graduation, no transfer fee, fixed supply', async () => {
    const first = await launchOfficialToken(t.services);
    expect(first.launched).toBe(true);
    mint = first.mint;
    const [row] = await t.services.db.select().from(officialToken);
    expect(row).toMatchObject({ tokenAddress: mint, source: 'local', totalTaxBps: 1000 });
    pool = new PublicKey(row!.poolAddress);
    const info = (await readCampaignMint(t.services.chain.connection, mint))!;
    expect(info).toMatchObject({ decimals: 9, supply: TOKEN_TOTAL_SUPPLY, mintAuthority: null, freezeAuthority: null, transferFee: null });
    expect(info.metadata).toMatchObject({ name: row!.name, symbol: row!.symbol });
    const [curve] = await t.services.db.select().from(curvePools).where(eq(curvePools.mint, mint));
    expect(curve).toMatchObject({ program: 'dbc', poolWallet: pool.toBase58(), curveType: 2 });
    const state = (await readVirtualPool(t.services.chain.connection, pool))!.poolState;
    expect(state.creator.toBase58()).toBe(row!.distributorWallet);
    const config = (await dbcClientOf(t.services.chain.connection).state.getPoolConfig(state.config))!;
    // Fee numerators are over 1,000,000,000: 10% is 100,000,000.
    expect(BigInt(config.poolFees.baseFee.cliffFeeNumerator.toString())).toBe(BigInt(OFFICIAL_POOL_FEE_BPS) * 100_000n);
    expect(config.migratedPoolFeeBps).toBe(OFFICIAL_POOL_FEE_BPS);
    // Not a campaign: nothing on the campaign lists names it.
    const list = (await t.app.inject({ method: 'GET', url: '/api/campaigns' })).json();
    expect(JSON.stringify(list)).not.toContain(mint);
    expect(await launchOfficialToken(t.services)).toEqual({ mint, launched: false });
  }, 60_000);

  it('a run claims the accrued fee and splits it by the tokenomics, to the lamport: holders pro rata, a buyback swap burned, a charity, the treasury', async () => {
    const big = await trader(10);
    const mid = await trader(10);
    const small = await trader(2);
    await buy(big, '3');
    await buy(mid, '1');
    await buy(small, '0.0005');
    expect(await tokens(small.publicKey)).toBeLessThan(MIN_TOKENS * 10n ** 9n);
    const claimable = await accrued();
    // The indexed trades agree with the pool: each trade's fee less DBC's protocol share (8% of the SOL traded).
    const trades = await t.services.db.select().from(curveTrades).where(eq(curveTrades.mint, mint));
    expect(trades.reduce((s, r) => s + r.feeLamports - r.protocolFeeLamports, 0n)).toBe(claimable);
    const holding = new Map<string, bigint>();
    for (const h of [big, mid]) holding.set(h.publicKey.toBase58(), await tokens(h.publicKey));
    const charities = await t.services.db.select().from(verifiedCharities).where(eq(verifiedCharities.isActive, true))
      .orderBy(asc(verifiedCharities.displayOrder), asc(verifiedCharities.id));
    const watched = [big, mid, small].map((k) => k.publicKey).concat(treasury, new PublicKey(charities[0]!.walletAddress));
    const before = new Map(watched.map((k) => [k.toBase58(), lamportsOf(t.services, k)]));
    const supplyBefore = await supply();

    const summary = await distributorFor(t.services).run();
    expect(summary.paid).toBe(1);
    const [run] = await officialRuns();
    expect(run).toMatchObject({ state: 'paid', lastError: null, soldLamports: claimable });
    expect(run!.txs.map((x) => x.step)).toEqual(expect.arrayContaining(['claim', 'holders', 'buyback', 'burn', 'payout']));
    expect(run!.txs.some((x) => x.step === 'sell' || x.step === 'harvest')).toBe(false);
    const delta = (k: PublicKey) => lamportsOf(t.services, k) - before.get(k.toBase58())!;
    const share = splitOfficial(claimable);

    const total = [...holding.values()].reduce((s, v) => s + v, 0n);
    for (const k of [big, mid]) expect(delta(k.publicKey)).toBe(share.holders * holding.get(k.publicKey.toBase58())! / total);
    expect(delta(small.publicKey)).toBe(0n);

    // The buyback is a swap on the pool by the distributor, indexed like any trade; its tokens are burned.
    expect(run!.buybackLamports).toBe(share.buyback);
    const [swap] = await t.services.db.select().from(curveTrades).where(eq(curveTrades.signature, run!.buybackSignature!));
    expect(swap).toMatchObject({ side: 'buy', wallet: run!.distributorWallet, tokensReceived: run!.buybackTokens });
    expect(run!.buybackTokens!).toBeGreaterThan(0n);
    expect(await supply()).toBe(supplyBefore - run!.buybackTokens!);
    expect(await tokens(new PublicKey(run!.distributorWallet))).toBe(0n);
    // The buyback's own fee accrues in the pool for the next run.
    expect(await accrued()).toBeGreaterThan(0n);

    expect(run).toMatchObject({ charityWallet: charities[0]!.walletAddress, charityLamports: share.charity, platformFeeLamports: share.platform });
    expect(delta(new PublicKey(charities[0]!.walletAddress))).toBe(share.charity);
    const treasuryFees = run!.txs.filter((x) => x.payer === 'treasury').reduce((s, x) => s + BigInt(x.fee), 0n);
    expect(delta(treasury)).toBe(share.platform - treasuryFees - run!.topUpLamports! - run!.tokenAccountRentLamports!);
  }, 120_000);

  it('never pays twice: a run resumed at each step after it already did it sends nothing again', async () => {
    const [run] = await officialRuns();
    const owners = [...run!.holderPayouts!.map((p) => new PublicKey(p.owner)), treasury, pool, new PublicKey(run!.distributorWallet)];
    for (const state of ['started', 'sold', 'holders_paid', 'bought_back', 'burned'] as const) {
      const balances = owners.map((k) => lamportsOf(t.services, k));
      const supplyBefore = await supply();
      const accruedBefore = await accrued();
      // As if the process died after the step's transactions were sent, before its state was stored.
      await t.services.db.update(distributionRuns).set({ state }).where(eq(distributionRuns.id, run!.id));
      await distributorFor(t.services).run();
      const [again] = await officialRuns();
      expect(again, state).toMatchObject({ state: 'paid', lastError: null, soldLamports: run!.soldLamports, buybackTokens: run!.buybackTokens });
      expect(again!.txs.length, state).toBe(run!.txs.length);
      expect(owners.map((k) => lamportsOf(t.services, k)), state).toEqual(balances);
      expect(await supply(), state).toBe(supplyBefore);
      expect(await accrued(), state).toBe(accruedBefore);
    }
  }, 120_000);

  it('GET /api/official-token/market and /safety read the pool: live figures, what each line paid, no transfer fee but the pool fee', async () => {
    const [run] = await officialRuns();
    const body = (await t.app.inject({ method: 'GET', url: '/api/official-token/market' })).json();
    expect(body).toMatchObject({ source: 'curve', distributionRuns: 1, supply: (await supply()).toString(), burnedBaseUnits: run!.buybackTokens!.toString() });
    expect(body.price).toBeGreaterThan(0);
    expect(body.holders).toBeGreaterThanOrEqual(3);
    expect(body.paid.Buyback).toMatchObject({ paidLamports: run!.buybackLamports!.toString(), latestSignature: run!.buybackSignature });
    // A window that starts before the first trade measures from the pool's own start price (its config's, not the custodial curve's).
    const state = (await readVirtualPool(t.services.chain.connection, pool))!.poolState;
    const poolConfig = (await dbcClientOf(t.services.chain.connection).state.getPoolConfig(state.config))!;
    const sqrtStart = BigInt(poolConfig.sqrtStartPrice.toString());
    const start = (await priceBeforeFirstTrade(t.services.db, mint))!;
    expect(Number(start.num) / Number(start.den)).toBeCloseTo(Number(sqrtStart * sqrtStart * 10n ** 9n) / 2 ** 128, 6);
    const safety = await t.app.inject({ method: 'GET', url: '/api/official-token/safety' });
    expect(safety.statusCode).toBe(200);
    expect(safety.json()).toMatchObject({ transferFeeBps: null, mintAuthority: null, freezeAuthority: null, poolFeeBps: OFFICIAL_POOL_FEE_BPS, feeClaimer: run!.distributorWallet });
    const config = (await t.app.inject({ method: 'GET', url: '/api/official-token' })).json();
    expect(config).toMatchObject({ totalTaxPercent: 10, protocolSharePercent: 20 });
    // Of each trade's 10%, DBC keeps 2 points; the four lines share the other 8.
    expect(config.tokenomics.map((l: { taxPoints: number }) => l.taxPoints)).toEqual([1.6, 1.6, 2.4, 2.4]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { Keypair, PublicKey } from '@solana/web3.js';
import { OFFICIAL_TOKEN_TAX_BPS, TOKEN_TOTAL_SUPPLY } from '../../../core/constants';
import { splitOfficial } from '../../../core/officialSplit';
import { curvePools, distributionRuns, officialToken, verifiedCharities } from '../../db/schema';
import { readCampaignMint } from '../../chain/token';
import { createTestApp, type TestApp } from '../../testing/app';
import { airdrop } from '../../launch/testing/launchFlow';
import { chainHoldings } from '../../trading';
import { signFast } from '../../trading/testing/market';
import { launchOfficialToken } from '../../official/launchOfficial';
import { platformRevenue } from '../../revenue/chainRevenue';
import { distributorFor } from '../distributor';
import { HOLDER_TRANSFERS_PER_TX } from './steps';
import { SOL, lamportsOf } from '../testing/campaigns';

// Whole tokens a holder needs for holder rewards in this test: the small buyer stays below it.
const MIN_TOKENS = 1_000_000n;

let t: TestApp;
let mint: string;
let treasury: PublicKey;
let pool: PublicKey;

const tokens = async (owner: PublicKey) => (await chainHoldings(t.services.chain)(owner.toBase58(), mint)).tokens;
const supply = async () => (await readCampaignMint(t.services.chain.connection, mint))!.supply;
const officialRuns = () => t.services.db.select().from(distributionRuns).where(eq(distributionRuns.kind, 'official')).orderBy(asc(distributionRuns.createdAt));

async function buy(trader: Keypair, lamports: bigint) {
  const quote = await t.services.trading.book.buildBuyQuote({ mint, trader: trader.publicKey.toBase58(), solIn: lamports, slippageBps: 10_000 });
  return t.services.trading.book.execute(signFast(quote.transactionBase64, trader));
}

async function trader(sol: number) {
  const k = Keypair.generate();
  await airdrop(t.services, k.publicKey, sol);
  return k;
}

async function activeCharities() {
  return t.services.db.select().from(verifiedCharities).where(eq(verifiedCharities.isActive, true))
    .orderBy(asc(verifiedCharities.displayOrder), asc(verifiedCharities.id));
}

beforeAll(async () => {
  t = await createTestApp({
    LAUNCH_FUNDING_POLL_MS: '5', LAUNCH_FUNDING_POLL_ATTEMPTS: '3', HOLDER_REWARD_MIN_TOKENS: MIN_TOKENS.toString(),
    DISTRIBUTOR_MIN_PAYOUT_LAMPORTS: '1000000',
  });
  treasury = (await t.services.keys.treasury()).publicKey;
  await airdrop(t.services, treasury, 5);
}, 60_000);
afterAll(async () => { await t?.close(); });

describe('the official token', () => {
  it('is launched through the launch flow: Token-2022, 9 decimals, fixed supply, a 10% fee nobody can change, metadata, its own curve', async () => {
    const first = await launchOfficialToken(t.services);
    expect(first.launched).toBe(true);
    mint = first.mint;
    const [row] = await t.services.db.select().from(officialToken);
    expect(row).toMatchObject({ tokenAddress: mint, source: 'local', totalTaxBps: 1000 });
    pool = new PublicKey(row!.poolAddress);
    const info = (await readCampaignMint(t.services.chain.connection, mint))!;
    expect(info).toMatchObject({ decimals: 9, supply: TOKEN_TOTAL_SUPPLY, mintAuthority: null, freezeAuthority: null });
    expect(info.transferFee).toMatchObject({ bps: OFFICIAL_TOKEN_TAX_BPS, configAuthority: null, withdrawWithheldAuthority: row!.distributorWallet });
    expect(info.metadata).toMatchObject({ name: row!.name, symbol: row!.symbol });
    const [curve] = await t.services.db.select().from(curvePools).where(eq(curvePools.mint, mint));
    expect(curve).toMatchObject({ poolWallet: pool.toBase58(), transferFeeBps: OFFICIAL_TOKEN_TAX_BPS, campaignId: null });
    expect(row!.links.trade).toBe('/official-token#trade');
    // A second start finds it and launches nothing.
    expect(await launchOfficialToken(t.services)).toEqual({ mint, launched: false });
  }, 60_000);

  it('a run splits the tax by its tokenomics, to the lamport: holders pro rata, buyback burned, a charity in turn, the treasury', async () => {
    const big = await trader(10);
    const mid = await trader(10);
    const small = await trader(2);
    await buy(big, 3n * SOL);
    await buy(mid, SOL);
    await buy(small, SOL / 2000n);
    expect(await tokens(small.publicKey)).toBeLessThan(MIN_TOKENS * 10n ** 9n);
    const holders = [big, mid, small].map((k) => k.publicKey);
    const holding = new Map<string, bigint>();
    for (const h of holders) holding.set(h.toBase58(), await tokens(h));
    const charities = await activeCharities();
    expect(charities.length).toBeGreaterThanOrEqual(2);
    const watched = [...holders, pool, treasury, ...charities.map((c) => new PublicKey(c.walletAddress))];
    const before = new Map(watched.map((k) => [k.toBase58(), lamportsOf(t.services, k)]));
    const supplyBefore = await supply();

    const summary = await distributorFor(t.services).run();
    expect(summary.paid).toBe(1);
    const [run] = await officialRuns();
    expect(run).toMatchObject({ state: 'paid', lastError: null, carriedInLamports: 0n });
    const delta = (k: PublicKey) => lamportsOf(t.services, k) - before.get(k.toBase58())!;
    const share = splitOfficial(run!.soldLamports!);
    expect(run!.soldLamports!).toBeGreaterThan(0n);

    // Holder rewards: the two eligible holders, pro rata within a lamport; the small one and the pool get nothing.
    expect(run!.holderRewardsLamports).toBe(share.holders);
    const eligible = [big, mid].map((k) => k.publicKey);
    const total = eligible.reduce((s, k) => s + holding.get(k.toBase58())!, 0n);
    let paid = 0n;
    for (const k of eligible) {
      const exact = share.holders * holding.get(k.toBase58())! / total;
      expect(delta(k)).toBe(exact);
      paid += delta(k);
    }
    expect(delta(small.publicKey)).toBe(0n);
    expect(run!.holderPayouts!.map((p) => p.owner).sort()).toEqual(eligible.map((k) => k.toBase58()).sort());
    expect(run!.holderPaidLamports).toBe(paid);
    expect(run!.carriedOutLamports).toBe(share.holders - paid);
    expect(share.holders - paid).toBeLessThan(BigInt(eligible.length));

    // Buyback: the SOL bought tokens from the pool, and those tokens are gone from the supply.
    expect(run!.buybackLamports).toBe(share.buyback);
    expect(run!.buybackTokens!).toBeGreaterThan(0n);
    expect(await supply()).toBe(supplyBefore - run!.buybackTokens!);
    expect(await tokens(new PublicKey(run!.distributorWallet))).toBe(0n);

    // Charity giveaways: the first active charity by display order, exactly its share.
    expect(run).toMatchObject({ charityWallet: charities[0]!.walletAddress, charityName: charities[0]!.name, charityLamports: share.charity });
    expect(delta(new PublicKey(charities[0]!.walletAddress))).toBe(share.charity);
    expect(delta(new PublicKey(charities[1]!.walletAddress))).toBe(0n);

    // Platform: 30% to the treasury, which paid the run's fees, top-ups and rent.
    const treasuryFees = run!.txs.filter((x) => x.payer === 'treasury').reduce((s, x) => s + BigInt(x.fee), 0n);
    expect(run!.platformFeeLamports).toBe(share.platform);
    expect(delta(treasury)).toBe(share.platform - treasuryFees - run!.topUpLamports! - run!.tokenAccountRentLamports!);
    expect(share.holders + share.buyback + share.charity + share.platform).toBe(run!.soldLamports);

    // The admin's revenue names the official token as its page does (it has no campaign row), never by its address alone.
    const [row] = await t.services.db.select().from(officialToken);
    const officialRevenue = (await platformRevenue(t.services)).filter((e) => e.tokenAddress === mint);
    expect(officialRevenue.length).toBeGreaterThan(0);
    for (const entry of officialRevenue) expect(entry).toMatchObject({ name: row!.name, ticker: row!.symbol, official: true, campaignId: null });
  }, 120_000);

  it('never pays twice: a run resumed at each step after it already did it sends nothing again', async () => {
    const [run] = await officialRuns();
    const charities = await activeCharities();
    const owners = [...run!.holderPayouts!.map((p) => new PublicKey(p.owner)), treasury, pool, new PublicKey(run!.distributorWallet),
      ...charities.map((c) => new PublicKey(c.walletAddress))];
    for (const state of ['withdrawn', 'sold', 'holders_paid', 'bought_back', 'burned'] as const) {
      const balances = owners.map((k) => lamportsOf(t.services, k));
      const supplyBefore = await supply();
      // As if the process died after the step's transactions were sent, before its state was stored.
      await t.services.db.update(distributionRuns).set({ state }).where(eq(distributionRuns.id, run!.id));
      await distributorFor(t.services).run();
      const [again] = await officialRuns();
      expect(again, state).toMatchObject({ state: 'paid', lastError: null });
      expect(again!.txs.length, state).toBe(run!.txs.length);
      expect(owners.map((k) => lamportsOf(t.services, k)), state).toEqual(balances);
      expect(await supply(), state).toBe(supplyBefore);
    }
  }, 120_000);

  it('the next run pays the next charity in display order, shares the carried dust out and batches many holders', async () => {
    const [first] = await officialRuns();
    const buyer = await trader(10);
    await buy(buyer, 2n * SOL);
    // More holders than one transaction's transfers: the rewards go out in batches.
    const many: Keypair[] = [];
    for (let i = 0; i < HOLDER_TRANSFERS_PER_TX + 4; i++) {
      const k = await trader(1);
      await buy(k, SOL / 20n);
      many.push(k);
    }
    const manyBefore = many.map((k) => lamportsOf(t.services, k.publicKey));
    const charities = await activeCharities();
    const second = new PublicKey(charities[1]!.walletAddress);
    const before = lamportsOf(t.services, second);
    await distributorFor(t.services).run();
    const runs = await officialRuns();
    expect(runs).toHaveLength(2);
    const run = runs[1]!;
    expect(run).toMatchObject({ state: 'paid', carriedInLamports: first!.carriedOutLamports, charityWallet: charities[1]!.walletAddress });
    expect(run.holderRewardsLamports).toBe(splitOfficial(run.soldLamports!).holders + first!.carriedOutLamports!);
    expect(lamportsOf(t.services, second) - before).toBe(run.charityLamports);
    const batches = new Set(run.holderPayouts!.map((p) => p.batch));
    expect(batches.size).toBeGreaterThanOrEqual(2);
    expect(run.txs.filter((x) => x.step === 'holders')).toHaveLength(batches.size);
    for (const [i, k] of many.entries()) {
      const payout = run.holderPayouts!.find((p) => p.owner === k.publicKey.toBase58());
      expect(payout).toBeDefined();
      expect(lamportsOf(t.services, k.publicKey) - manyBefore[i]!).toBe(BigInt(payout!.lamports));
    }
    expect(run.holderPaidLamports! + run.carriedOutLamports!).toBe(run.holderRewardsLamports);
  }, 120_000);

  it('GET /api/official-token/market: live curve figures and what each tokenomics line paid, with its latest transaction', async () => {
    const runs = await officialRuns();
    const sum = (f: (r: typeof runs[number]) => bigint | null) => runs.reduce((s, r) => s + (f(r) ?? 0n), 0n);
    const res = await t.app.inject({ method: 'GET', url: '/api/official-token/market' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ source: 'curve', distributionRuns: 2, supply: (await supply()).toString(), burnedBaseUnits: sum((r) => r.buybackTokens).toString() });
    expect(body.price).toBeGreaterThan(0);
    expect(body.marketCap).toBeGreaterThan(0);
    expect(body.volume24h).toBeGreaterThan(0);
    expect(body.holders).toBeGreaterThanOrEqual(4);
    const last = runs[1]!;
    expect(body.paid).toEqual({
      'Holder Rewards': { paidLamports: sum((r) => r.holderPaidLamports).toString(), paidSol: expect.any(String), latestSignature: last.txs.filter((x) => x.step === 'holders').at(-1)!.signature },
      Buyback: { paidLamports: sum((r) => r.buybackLamports).toString(), paidSol: expect.any(String), latestSignature: last.buybackSignature },
      'Charity Giveaways': { paidLamports: sum((r) => r.charityLamports).toString(), paidSol: expect.any(String), latestSignature: last.payoutSignature },
      Platform: { paidLamports: sum((r) => r.platformFeeLamports).toString(), paidSol: expect.any(String), latestSignature: last.payoutSignature },
    });
    expect(body.charityPayouts.map((p: { name: string }) => p.name)).toEqual([last.charityName, runs[0]!.charityName]);
    // The ticker's first item is the official token, with the curve's market cap.
    const ticker = (await t.app.inject({ method: 'GET', url: '/api/ticker' })).json();
    expect(ticker.official).toMatchObject({ tokenAddress: mint, marketCapUsd: body.marketCap });
  });
});

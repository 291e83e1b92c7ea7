import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { PublicKey } from '@solana/web3.js';
import { poolTokenBalance } from '../../core/curve';
import { splitPayout } from '../../core/distribution';
import { rentExemptLamports } from '../../core/rent';
import { adminAuditLog, distributionRuns } from '../db/schema';
import { readCampaignMint } from '../chain/token';
import { createTestApp, type TestApp } from '../testing/app';
import { TEST_ADMIN_ENV, loginTestAdmin } from '../routes/admin/testAdmin';
import { POOL_WALLET_RENT_LAMPORTS } from '../trading';
import { airdrop } from '../launch/testing/launchFlow';
import { findWithheldAccounts } from './withheld';
import { listTrades } from '../market';
import { SOL, lamportsOf, launchCampaign, type LaunchedCampaign } from './testing/campaigns';

let t: TestApp;
let cookie: string;
let treasury: PublicKey;

beforeAll(async () => {
  // Slots as long as the test: consecutive runs share a blockhash, as two quick runs can in production.
  t = await createTestApp({ ...TEST_ADMIN_ENV, LAUNCH_FUNDING_POLL_MS: '5', LAUNCH_FUNDING_POLL_ATTEMPTS: '3', LEDGER_SLOT_MS: '60000' });
  cookie = await loginTestAdmin(t.app);
  treasury = (await t.services.keys.treasury()).publicKey;
  await airdrop(t.services, treasury, 5);
}, 60_000);
afterAll(async () => { await t.close(); });

const runNow = (headers: Record<string, string> = { cookie }) =>
  t.app.inject({ method: 'POST', url: '/api/admin/distributor/run', headers });

async function runOf(mint: string) {
  const rows = await t.services.db.select().from(distributionRuns).where(eq(distributionRuns.mint, mint)).orderBy(desc(distributionRuns.createdAt));
  return rows;
}

/** The pool holds exactly what the committed curve state says. */
async function poolMatchesCurve(c: LaunchedCampaign) {
  const state = await t.services.trading.book.committedState(c.mint);
  expect(lamportsOf(t.services, c.pool) - POOL_WALLET_RENT_LAMPORTS).toBe(state.realSolReserves);
  expect(await c.tokens(c.pool)).toBe(poolTokenBalance(state));
  return state;
}

/** What a run left the treasury: its 20% less the fees, top-ups and rent it paid for the run. */
function treasuryShare(run: typeof distributionRuns.$inferSelect): bigint {
  const treasuryFees = run.txs.filter((x) => x.payer === 'treasury').reduce((s, x) => s + BigInt(x.fee), 0n);
  return run.platformFeeLamports! - treasuryFees - run.topUpLamports! - run.tokenAccountRentLamports!;
}

/** Runs paid since `since`: the treasury's change is exactly their shares. */
async function checkTreasury(since: Date, before: bigint) {
  const runs = (await t.services.db.select().from(distributionRuns)).filter((r) => r.paidAt && r.paidAt >= since);
  expect(lamportsOf(t.services, treasury) - before).toBe(runs.reduce((s, r) => s + treasuryShare(r), 0n));
}

/** Every lamport of a run: what the touched accounts gained and lost, plus the fees the chain charged. */
async function checkRun(c: LaunchedCampaign, before: Map<string, bigint>) {
  const [run] = await runOf(c.mint);
  expect(run).toMatchObject({ state: 'paid', lastError: null });
  const sold = run!.soldLamports!;
  expect(sold).toBeGreaterThan(0n);
  const { donation, platformFee } = splitPayout(sold);
  expect(run).toMatchObject({ donationLamports: donation, platformFeeLamports: platformFee });
  const delta = (key: PublicKey) => lamportsOf(t.services, key) - before.get(key.toBase58())!;
  // The cause gets exactly the payout.
  expect(delta(c.donationWallet)).toBe(donation);
  // The journal's fees are the chain's.
  let chainFees = 0n;
  for (const x of run!.txs) {
    const tx = await t.services.chain.connection.getTransaction(x.signature, { maxSupportedTransactionVersion: 0, commitment: 'confirmed' });
    if (tx) chainFees += BigInt(tx.meta!.fee);
  }
  expect(run!.networkFeeLamports).toBe(chainFees);
  // Nothing created or lost: the campaign's accounts, the treasury's share and the fees add up to zero.
  const touched = [c.donationWallet, c.distributor, c.pool, c.distributorTokenAccount];
  expect(touched.reduce((s, k) => s + delta(k), 0n) + treasuryShare(run!) + chainFees).toBe(0n);
  // The distributor wallet keeps only its rent-exempt minimum; its tokens were all sold.
  expect(lamportsOf(t.services, c.distributor)).toBe(rentExemptLamports(0));
  expect(await c.tokens(c.distributor)).toBe(0n);
  expect(run!.soldTokens).toBe(run!.withdrawnTokens);
  return run!;
}

function snapshot(c: LaunchedCampaign): Map<string, bigint> {
  return new Map([c.donationWallet, treasury, c.distributor, c.pool, c.distributorTokenAccount]
    .map((k) => [k.toBase58(), lamportsOf(t.services, k)]));
}

describe('the fee distributor', () => {
  it('is for admins only', async () => {
    const res = await runNow({});
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'Admin session required' });
  });

  it('harvests every account, sells the fees on the curve and pays 80% to the cause and 20% to the treasury', async () => {
    const c = await launchCampaign(t.app, t.services);
    const traders = await Promise.all([1, 2, 3].map(() => c.trader(5)));
    for (const trader of traders) await c.buy(trader, 2n * SOL);
    await c.sell(traders[0]!, (await c.tokens(traders[0]!.publicKey)) / 2n);
    const withheld = (await findWithheldAccounts(t.services.chain, [c.mint])).get(c.mint)!;
    // The creator's initial buy, three buyers, and the pool (the sell's fee).
    expect(withheld.length).toBe(5);
    const fees = withheld.reduce((s, a) => s + a.withheld, 0n);
    const before = snapshot(c);
    const since = new Date();
    const treasuryBefore = lamportsOf(t.services, treasury);

    const res = await runNow();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ started: 1, paid: 1, unfinished: 0 });
    await checkTreasury(since, treasuryBefore);

    const run = await checkRun(c, before);
    expect(run.harvestedAccounts).toBe(5);
    expect(run.withdrawnTokens).toBe(fees);
    expect(res.json()).toMatchObject({ donated_lamports: run.donationLamports!.toString(), platform_fee_lamports: run.platformFeeLamports!.toString() });
    expect(run.txs.map((x) => x.step)).toEqual(['harvest', 'withdraw', 'top_up', 'sell', 'payout']);
    // Only the distributor's own sell left a fee behind (in the pool's account), for the next run.
    const left = (await findWithheldAccounts(t.services.chain, [c.mint])).get(c.mint)!;
    expect(left.map((a) => a.address.toBase58())).toEqual([(await import('../chain/curve')).tokenAccountOf(new PublicKey(c.mint), c.pool).toBase58()]);
    expect((await readCampaignMint(t.services.chain.connection, c.mint))!.transferFee!.withheldInMint).toBe(0n);
    await poolMatchesCurve(c);
    // Recent Trades labels the distributor's sell as the cause's fee sale, and no one else's trade.
    const { trades } = await listTrades(t.services.db, c.mint, 50);
    expect(trades.filter((x) => x.feeSale).map((x) => x.signature)).toEqual([run.sellSignature]);
    expect(trades.filter((x) => !x.feeSale)).toHaveLength(5);

    const [audit] = await t.services.db.select().from(adminAuditLog).orderBy(desc(adminAuditLog.id)).limit(1);
    expect(audit).toMatchObject({ action: 'distributor_run', adminUsername: 'boss', target: 'distributor' });

    // The next run distributes the fee the sell left in the pool's account: 6% of the first.
    const second = snapshot(c);
    const again = await runNow();
    expect(again.json()).toMatchObject({ started: 1, paid: 1 });
    const next = await checkRun(c, second);
    expect(next.harvestedAccounts).toBe(1);
    expect(next.soldLamports! * 10n).toBeLessThan(run.soldLamports!);
    expect(await runOf(c.mint)).toHaveLength(2);
  }, 60_000);

  it('distributes a graduated campaign through its constant-product pool', async () => {
    const c = await launchCampaign(t.app, t.services, { ticker: 'grad' });
    const whale = await c.trader(30);
    const completing = await c.buy(whale, 25n * SOL);
    expect(completing.graduated).toBe(true);
    const after = await c.trader(5);
    await c.buy(after, 2n * SOL);
    await c.sell(whale, (await c.tokens(whale.publicKey)) / 3n);
    const before = snapshot(c);
    const since = new Date();
    const treasuryBefore = lamportsOf(t.services, treasury);

    const res = await runNow();
    expect(res.statusCode, res.body).toBe(200);
    await checkRun(c, before);
    await checkTreasury(since, treasuryBefore);
    const state = await poolMatchesCurve(c);
    expect(state.complete).toBe(true);
  }, 60_000);

  it('leaves a campaign below the dust floor alone: nothing harvested, nothing paid', async () => {
    // Only the creator's 0.01 SOL initial buy: 6% of it in fees would donate about 0.0005 SOL, under the 0.001 SOL floor.
    const c = await launchCampaign(t.app, t.services, { ticker: 'dust', initialBuy: '0.01' });
    const withheldBefore = (await findWithheldAccounts(t.services.chain, [c.mint])).get(c.mint)!;
    expect(withheldBefore).toHaveLength(1);
    const before = snapshot(c);
    const res = await runNow();
    expect(res.statusCode).toBe(200);
    expect(res.json().below_floor).toBeGreaterThanOrEqual(1);
    expect(await runOf(c.mint)).toHaveLength(0);
    expect(lamportsOf(t.services, c.donationWallet)).toBe(before.get(c.donationWallet.toBase58()));
    expect((await findWithheldAccounts(t.services.chain, [c.mint])).get(c.mint)).toEqual(withheldBefore);
  }, 60_000);
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Keypair, PublicKey, Transaction } from '@solana/web3.js';
import { TOKEN_2022_PROGRAM_ID } from '@solana/spl-token';
import { eq } from 'drizzle-orm';
import { campaigns, curvePools, curveTrades, distributionRuns, donations, launchRequests } from '../db/schema';
import { indexDonations } from '../donations/indexer';
import { referenceOf } from '../donations/references';
import { distributorFor } from '../distributor';
import { loadEnv } from '../env';
import { tradeIntoOfficialToken } from '../official/demoTrades';
import { launchOfficialToken } from '../official/launchOfficial';
import { createTestApp, type TestApp } from '../testing/app';
import { trustOf } from '../trust';
import { demoActivityStep } from './activity';
import { DEMO_CAMPAIGNS } from './catalog';
import { demoWallet, ensureSol, solBalance } from './market';
import { LAMPORTS_PER_SOL } from '../../core/constants';
import { prepareDbcLaunch } from '../curve/launchCampaign';
import { dbcLaunchForm } from '../curve/testing/dbcCampaign';
import { seedDemoMarket } from './seedDemoMarket';
import { readVirtualPool } from '../curve/virtualPool';

describe('the local demo market', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp(); });
  afterAll(async () => { await t?.close(); });

  it('launches every catalog campaign on its own DBC pool through the launch flow, swaps into them and graduates one into DAMM v2', async () => {
    const first = await seedDemoMarket(t.services);
    expect(first.launched).toHaveLength(DEMO_CAMPAIGNS.length);
    expect(DEMO_CAMPAIGNS.length).toBeGreaterThanOrEqual(12);

    const rows = await t.services.db.select().from(campaigns);
    expect(rows).toHaveLength(DEMO_CAMPAIGNS.length);
    expect(new Set(rows.map((r) => r.category)).size).toBeGreaterThanOrEqual(8);
    expect(new Set(rows.map((r) => r.bondingCurveType))).toEqual(new Set([1, 2]));
    expect(rows.filter((r) => r.verified).length).toBeGreaterThanOrEqual(2);
    expect(rows.filter((r) => r.isBonded).map((r) => r.ticker)).toEqual(['WATER']);
    for (const row of rows) expect(row.status).toBe('active');

    // Every campaign is a real token on its own DBC pool; the graduated one completed on chain and migrated.
    const pools = await t.services.db.select().from(curvePools);
    expect(new Set(pools.map((p) => p.program))).toEqual(new Set(['dbc']));
    expect(pools.filter((p) => p.complete).map((p) => p.mint)).toEqual(rows.filter((r) => r.isBonded).map((r) => r.tokenAddress));
    const graduated = pools.find((p) => p.complete)!;
    expect(graduated.dammPool).toBeTruthy();
    expect((await readVirtualPool(t.services.chain.connection, new PublicKey(graduated.poolWallet)))?.poolState.isMigrated).toBe(1);
    expect(await t.services.chain.connection.getAccountInfo(new PublicKey(graduated.dammPool!))).not.toBeNull();
    const trades = await t.services.db.select().from(curveTrades);
    expect(new Set(trades.map((tr) => tr.wallet)).size).toBeGreaterThanOrEqual(5);
    const { value: mint } = await t.services.chain.connection.getParsedAccountInfo(new PublicKey(rows[0]!.tokenAddress!));
    expect(mint?.owner.toBase58()).toBe(TOKEN_2022_PROGRAM_ID.toBase58());

    // A second start finds them all and launches nothing.
    const again = await seedDemoMarket(t.services);
    expect(again).toEqual({ launched: [], skipped: DEMO_CAMPAIGNS.map((c) => c.ticker) });
  });

  it('pays out the demo campaigns\' fees: the distributor runs every minute while the demo trades', async () => {
    expect(loadEnv({ DEMO_ACTIVITY: 'on' }).distributorIntervalMs).toBe(60_000);
    expect(loadEnv({ DEMO_ACTIVITY: 'off' }).distributorIntervalMs).toBe(600_000);
    const lamports = (wallet: string) => t.services.chain.ledger!.getAccount(wallet)?.lamports ?? 0n;
    const rows = await t.services.db.select().from(campaigns);
    const before = new Map(rows.map((r) => [r.donationWallet!, lamports(r.donationWallet!)]));
    const summary = await distributorFor(t.services).run();
    expect(summary).toMatchObject({ ran: true, unfinished: 0 });
    const runs = await t.services.db.select().from(distributionRuns);
    expect(runs.length).toBe(summary.paid);
    // The seeded trades leave every demo campaign more than the dust floor in fees.
    expect(new Set(runs.map((r) => r.campaignId))).toEqual(new Set(rows.map((r) => r.id)));
    const paidTo = new Map<string, bigint>();
    for (const run of runs) paidTo.set(run.donationWallet, (paidTo.get(run.donationWallet) ?? 0n) + run.donationLamports!);
    for (const [wallet, paid] of paidTo) expect(lamports(wallet) - before.get(wallet)!).toBe(paid);
  });

  it('demo activity buys, sells and donates through the same paths as a person', async () => {
    // random() values choose: the campaign, the trader, the action, the size (and the share sold).
    const script = (values: number[]) => { let i = 0; return () => values[i++ % values.length]!; };
    const tradesBefore = (await t.services.db.select().from(curveTrades)).length;

    const bought = await demoActivityStep(t.services, script([0.05, 0.1, 0.5, 0.5]));
    expect(bought?.kind).toBe('buy');
    const sold = await demoActivityStep(t.services, script([0.05, 0.1, 0.1, 0.5, 0.5]));
    expect(sold?.kind).toBe('sell');
    expect((await t.services.db.select().from(curveTrades)).length).toBe(tradesBefore + 2);

    const donated = await demoActivityStep(t.services, script([0.05, 0.1, 0.9, 0.5]));
    expect(donated?.kind).toBe('donate');
    const [target] = await t.services.db.select().from(campaigns).where(eq(campaigns.tokenAddress, donated!.mint));
    const tx = await t.services.chain.connection.getParsedTransaction(donated!.signature, { maxSupportedTransactionVersion: 0 });
    expect(tx?.meta?.err).toBeNull();
    expect(await solBalance(t.services, new PublicKey(target!.donationWallet!))).toBeGreaterThan(0n);
    // A real transfer request: it carries the campaign's reference, and the indexer files it as that campaign's direct donation.
    const reference = await referenceOf(t.services.db, target!.id);
    expect(tx?.transaction.message.accountKeys.map((k) => k.pubkey.toBase58())).toContain(reference);
    await indexDonations(t.services);
    const rows = await t.services.db.select().from(donations).where(eq(donations.signature, donated!.signature));
    expect(rows.map((r) => [r.campaignId, r.kind, r.lamports])).toEqual([[target!.id, 'direct', donated!.amount]]);
  });

  it('stays honest-looking: after a stretch of random activity no demo campaign raises a high trust flag (issue 34)', async () => {
    for (let i = 0; i < 40; i++) await demoActivityStep(t.services);
    for (const row of await t.services.db.select().from(campaigns)) {
      const { flags } = await trustOf(t.services).get(row.tokenAddress!);
      expect(flags.filter((f) => f.severity === 'high'), row.ticker).toEqual([]);
    }
  }, 120_000);

  it('the demo market trades the official token once it is launched here: first buys, then buys and sells (never a donation)', async () => {
    const { mint, launched } = await launchOfficialToken(t.services);
    expect(launched).toBe(true);
    const officialTrades = async () => t.services.db.select().from(curveTrades).where(eq(curveTrades.mint, mint));
    // What the official-token job does after the launch with DEMO_CAMPAIGNS on.
    await tradeIntoOfficialToken(t.services, mint);
    const first = await officialTrades();
    expect(first.map((tr) => tr.side)).toEqual(Array(6).fill('buy'));
    expect(new Set(first.map((tr) => tr.wallet)).size).toBeGreaterThanOrEqual(4);

    // The official token is the last of the demo's targets: a first random() near 1 picks it.
    const script = (values: number[]) => { let i = 0; return () => values[i++ % values.length]!; };
    const bought = await demoActivityStep(t.services, script([0.99, 0.1, 0.5, 0.5]));
    expect(bought).toMatchObject({ kind: 'buy', mint });
    // trader-0 holds some from the first buys: a low roll sells part of it.
    const sold = await demoActivityStep(t.services, script([0.99, 0, 0.1, 0.5, 0.5]));
    expect(sold).toMatchObject({ kind: 'sell', mint });
    // A donation roll buys instead: the official token has no donation wallet.
    const insteadOfGift = await demoActivityStep(t.services, script([0.99, 0.1, 0.9, 0.5]));
    expect(insteadOfGift).toMatchObject({ kind: 'buy', mint });
    const after = await officialTrades();
    expect(after).toHaveLength(first.length + 3);
    expect(after.map((tr) => tr.signature)).toEqual(expect.arrayContaining([bought!.signature, sold!.signature, insteadOfGift!.signature]));
  });

  it('a start that died after a launch landed but before its complete finishes that launch next time, and launches nothing twice', async () => {
    const entry = { ...DEMO_CAMPAIGNS[1]!, ticker: 'LANDED', name: 'Landed Before the Crash', buys: [] };
    const creator = await demoWallet(t.services, `creator-${entry.ticker}`);
    await ensureSol(t.services, creator.publicKey, 2n * LAMPORTS_PER_SOL);
    const prepared = await prepareDbcLaunch(t.services, {
      creatorWallet: creator.publicKey.toBase58(), initialBuyLamports: 0n,
      form: dbcLaunchForm(Keypair.generate().publicKey.toBase58(), { ticker: entry.ticker, name: entry.name }),
    });
    const tx = Transaction.from(Buffer.from(prepared.transaction, 'base64'));
    tx.partialSign(creator);
    await t.services.chain.sendAndConfirm(tx.serialize());

    expect(await seedDemoMarket(t.services, [entry])).toEqual({ launched: ['LANDED'], skipped: [] });
    const launched = await t.services.db.select().from(campaigns).where(eq(campaigns.creatorWallet, creator.publicKey.toBase58()));
    expect(launched.map((c) => c.tokenAddress)).toEqual([prepared.mint]);
    const requests = await t.services.db.select().from(launchRequests).where(eq(launchRequests.creatorWallet, creator.publicKey.toBase58()));
    expect(requests.map((r) => [r.requestId, r.state])).toEqual([[prepared.requestId, 'created']]);
  });
});

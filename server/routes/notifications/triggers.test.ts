// The chain-driven triggers, each through its real path: a distributor run that pays the
// cause, the donation indexer seeing a donation take a campaign over its goal, and a buy
// that completes the curve. Each tells the follower exactly once, however often re-run.

import { Keypair } from '@solana/web3.js';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaigns, distributionRuns, donations, notificationRecipients, notifications } from '../../db/schema';
import { indexDonationsJob } from '../../jobs/indexDonations';
import { distributorFor } from '../../distributor';
import { launchDbcCampaign } from '../../curve/testing/dbcCampaign';
import { dbcBuy, dbcSell, fundedTrader } from '../../curve/testing/dbcTrade';
import { tokenBalance } from '../../demo/market';
import { graduateCompleteCurves } from '../../jobs/graduateCurves';
import { indexDonations } from '../../donations/indexer';
import { referenceOf } from '../../donations/references';
import { sendSol } from '../../donations/testing/donationFlow';
import { tradeHooksIdle } from '../../market/registerTradeHooks';
import { recordPayoutLanded } from '../../notifications/facts';
import { createTestApp, type TestApp } from '../../testing/app';
import { signInWallet, type SignedIn } from '../../testing/wallet';

let t: TestApp;
const SOL = 1_000_000_000n;
let c: Awaited<ReturnType<typeof launchDbcCampaign>>;
let fan: SignedIn;
let campaignId: number;

const kinds = async (who: SignedIn) => ((await t.app.inject({ method: 'GET', url: '/api/notifications?limit=100', headers: { cookie: who.cookie } }))
  .json().notifications as { kind: string; title: string; path: string }[]);
const countOf = (kind: 'payout' | 'goal_reached' | 'graduated') => t.services.db.$count(notifications, and(eq(notifications.kind, kind), eq(notifications.campaignId, campaignId)));

beforeAll(async () => {
  t = await createTestApp({ CURVE_PROGRAM: 'dbc', LEDGER_SLOT_MS: '60000' });
  c = await launchDbcCampaign(t.services, { form: { ticker: 'ring', name: 'Ring Aid' } });
  [{ id: campaignId }] = await t.services.db.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.tokenAddress, c.mint)) as [{ id: number }];
  fan = await signInWallet(t.app);
  expect((await t.app.inject({ method: 'PUT', url: `/api/campaigns/${c.mint}/follow`, headers: { cookie: fan.cookie } })).statusCode).toBe(200);
}, 120_000);
afterAll(async () => { await t.close(); });

describe('chain-driven notifications', () => {
  it('tells followers once when a distributor run\'s payout reaches the cause', async () => {
    const traders = await Promise.all([1, 2].map(() => fundedTrader(t.services, 5n * SOL)));
    for (const trader of traders) await dbcBuy(t.app, c.mint, trader, 2n * SOL);
    await dbcSell(t.app, c.mint, traders[0]!, (await tokenBalance(t.services, c.mint, traders[0]!.publicKey)) / 2n);
    await tradeHooksIdle(t.services);
    const summary = await distributorFor(t.services).run();
    expect(summary.paid).toBe(1);
    const [run] = await t.services.db.select().from(distributionRuns).where(eq(distributionRuns.campaignId, campaignId));
    expect(run!.state).toBe('paid');
    expect(await countOf('payout')).toBe(1);
    const payout = (await kinds(fan)).find((n) => n.kind === 'payout')!;
    expect(payout.title).toMatch(/^[\d.]+ SOL from Ring Aid \(\$RING\)'s trading fees reached the cause$/);
    expect(payout.path).toBe(`/campaign/${c.mint}?tab=donations`);
    // Recording the same run's payout again (a retry, another worker) adds nothing.
    expect(await recordPayoutLanded(t.services.db, t.services.env, { id: run!.id, campaignId, donationLamports: run!.donationLamports! }, t.services.now())).toBeNull();
    expect(await countOf('payout')).toBe(1);
    expect(await t.services.db.$count(notificationRecipients, eq(notificationRecipients.wallet, fan.wallet))).toBe(1);
    // On DBC a pass claims everything accrued: another one pays nothing, and tells nobody.
    expect(await distributorFor(t.services).run()).toMatchObject({ started: 0, paid: 0 });
    expect(await countOf('payout')).toBe(1);
    // More trading, another pass: a fact of its own, one per paid run.
    await dbcBuy(t.app, c.mint, traders[1]!, SOL);
    expect((await distributorFor(t.services).run()).paid).toBe(1);
    const paid = (await t.services.db.select().from(distributionRuns).where(eq(distributionRuns.campaignId, campaignId)))
      .filter((r) => r.state === 'paid' && (r.donationLamports ?? 0n) > 0n);
    const refs = (await t.services.db.select({ ref: notifications.ref }).from(notifications).where(and(eq(notifications.kind, 'payout'), eq(notifications.campaignId, campaignId))))
      .map((r) => r.ref);
    expect(paid).toHaveLength(2);
    expect(refs.sort()).toEqual(paid.map((r) => r.id).sort());
  }, 120_000);

  it('tells followers once when an indexed donation takes the campaign over its goal', async () => {
    await indexDonations(t.services);
    const [before] = await t.services.db.select({ raised: campaigns.raisedLamports }).from(campaigns).where(eq(campaigns.id, campaignId));
    // The goal: 0.3 SOL above what is raised so far (the payout the indexer just read).
    await t.services.db.update(campaigns).set({ goalLamports: before!.raised + 3n * SOL / 10n }).where(eq(campaigns.id, campaignId));
    const donor = await fundedTrader(t.services, 2n * SOL);
    const reference = await referenceOf(t.services.db, campaignId);
    const donate = async (lamports: bigint) => {
      await sendSol(t.services, donor, c.donationWallet, lamports, { references: [reference] });
      await indexDonations(t.services);
    };
    await donate(SOL / 10n);
    expect(await countOf('goal_reached')).toBe(0);
    await donate(SOL / 2n);
    expect(await countOf('goal_reached')).toBe(1);
    // A different amount: an identical transfer on the same blockhash would be the same transaction.
    await donate(SOL / 5n);
    await indexDonations(t.services);
    expect(await countOf('goal_reached')).toBe(1);
    expect((await kinds(fan)).find((n) => n.kind === 'goal_reached')).toMatchObject({ title: 'Ring Aid ($RING) reached its goal', path: `/campaign/${c.mint}` });
  }, 60_000);

  it('tells followers of a goal a crash kept from its recount: the next start\'s recount finds the crossing', async () => {
    // As after a crash between storing an indexed donation and recounting its campaign: the row is there, the total is not.
    const [other] = await t.services.db.insert(campaigns).values({
      creatorWallet: Keypair.generate().publicKey.toBase58(), ticker: 'LATE', name: 'Late Count', goalLamports: SOL, tokenAddress: Keypair.generate().publicKey.toBase58(),
    }).returning();
    await t.app.inject({ method: 'PUT', url: `/api/campaigns/${other!.tokenAddress}/follow`, headers: { cookie: fan.cookie } });
    await t.services.db.insert(donations).values({
      signature: 'crash-window-signature', campaignId: other!.id, kind: 'direct', fromWallet: Keypair.generate().publicKey.toBase58(),
      toWallet: Keypair.generate().publicKey.toBase58(), lamports: 2n * SOL, slot: 1n, blockTime: new Date(),
    });
    // The donations job's first run in a process (its recount) with the goal check, as indexDonationsJob runs it.
    await indexDonationsJob(60_000).run(t.services);
    const told = await t.services.db.$count(notifications, and(eq(notifications.kind, 'goal_reached'), eq(notifications.campaignId, other!.id)));
    expect(told).toBe(1);
    expect((await kinds(fan))[0]).toMatchObject({ kind: 'goal_reached', title: 'Late Count ($LATE) reached its goal' });
  }, 60_000);

  it('tells followers once when a buy graduates the token', async () => {
    const whale = await fundedTrader(t.services, 30n * SOL);
    const completing = await dbcBuy(t.app, c.mint, whale, 25n * SOL);
    expect(completing.graduated).toBe(true);
    await tradeHooksIdle(t.services);
    expect(await countOf('graduated')).toBe(1);
    // The migration into DAMM v2, and a buy there, tell nobody again.
    expect(await graduateCompleteCurves(t.services)).toBe(1);
    await dbcBuy(t.app, c.mint, await fundedTrader(t.services, 5n * SOL), 2n * SOL);
    await tradeHooksIdle(t.services);
    expect(await countOf('graduated')).toBe(1);
    const told = (await kinds(fan)).map((n) => n.kind);
    expect(told.slice(0, 3)).toEqual(['graduated', 'goal_reached', 'goal_reached']);
    expect(new Set(told.slice(3))).toEqual(new Set(['payout']));
  }, 60_000);
});

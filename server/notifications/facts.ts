// What each trigger tells followers: the fact's key (kind, campaign, ref) and its words.
// The triggers call these right where the fact becomes true.

import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { formatSol } from '../../core/money';
import type { Db } from '../db/client';
import { campaigns } from '../db/schema';
import type { Env } from '../env';
import type { Services } from '../services';
import { notifyFollowers } from './notifyFollowers';
import { recordNotification } from './record';

type CampaignRef = { id: number; ticker: string; name: string; tokenAddress: string | null };

const pathOf = (c: CampaignRef, tab?: string) => (c.tokenAddress ? `/campaign/${c.tokenAddress}${tab ? `?tab=${tab}` : ''}` : '/explore');
const nameOf = (c: CampaignRef) => `${c.name} ($${c.ticker})`;

async function campaignRef(db: Db, id: number): Promise<CampaignRef | null> {
  const [row] = await db.select({ id: campaigns.id, ticker: campaigns.ticker, name: campaigns.name, tokenAddress: campaigns.tokenAddress })
    .from(campaigns).where(eq(campaigns.id, id));
  return row ?? null;
}

type UpdateRef = { id: number; title: string; authorWallet: string };
const updateFact = (campaign: CampaignRef, update: UpdateRef) => ({
  kind: 'update' as const, campaignId: campaign.id, ref: String(update.id),
  data: { title: `${nameOf(campaign)} posted an update: ${update.title}`, path: `${pathOf(campaign, 'updates')}#update-${update.id}` },
});

/**
 * The creator posted an update, recorded in the transaction that stores it (`tx`): the author
 * is not told of their own update. The caller announces after commit.
 */
export function recordUpdatePosted(tx: Db, env: Env, campaign: CampaignRef, update: UpdateRef, now: Date) {
  return recordNotification(tx, env, updateFact(campaign, update), { followers: true, except: update.authorWallet }, now);
}

/** The same fact recorded and announced on its own (a retry of the update's notification). */
export function notifyUpdatePosted(services: Services, campaign: CampaignRef, update: UpdateRef) {
  return notifyFollowers(services, updateFact(campaign, update), update.authorWallet);
}

/**
 * A distribution run's payout to the cause landed: recorded in the transaction that marks
 * the run paid (`tx`), keyed by the run's id. The caller announces after commit.
 */
export async function recordPayoutLanded(tx: Db, env: Env, run: { id: string; campaignId: number; donationLamports: bigint }, now: Date) {
  const campaign = await campaignRef(tx, run.campaignId);
  if (!campaign) return null;
  return recordNotification(tx, env, {
    kind: 'payout', campaignId: campaign.id, ref: run.id,
    data: { title: `${formatSol(run.donationLamports, 4)} SOL from ${nameOf(campaign)}'s trading fees reached the cause`, path: pathOf(campaign, 'donations'), amountLamports: run.donationLamports.toString() },
  }, { followers: true }, now);
}

/** The campaigns among `ids` still short of their goal: read before their totals are recounted. */
export async function belowGoal(db: Db, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db.select({ id: campaigns.id }).from(campaigns)
    .where(and(inArray(campaigns.id, ids), lt(campaigns.raisedLamports, campaigns.goalLamports)));
  return rows.map((r) => r.id);
}

/** Of the campaigns that were below their goal, those now at or over it: one 'goal_reached' each, ever. */
export async function notifyGoalCrossings(services: Services, wereBelow: number[]): Promise<void> {
  if (wereBelow.length === 0) return;
  const crossed = await services.db.select({ id: campaigns.id, ticker: campaigns.ticker, name: campaigns.name, tokenAddress: campaigns.tokenAddress })
    .from(campaigns).where(and(inArray(campaigns.id, wereBelow), gte(campaigns.raisedLamports, campaigns.goalLamports), sql`${campaigns.goalLamports} > 0`));
  for (const campaign of crossed) {
    await notifyFollowers(services, {
      kind: 'goal_reached', campaignId: campaign.id, ref: 'goal',
      data: { title: `${nameOf(campaign)} reached its goal`, path: pathOf(campaign) },
    });
  }
}

/** The token's curve completed (once per campaign). */
export async function notifyGraduated(services: Services, campaignId: number) {
  const campaign = await campaignRef(services.db, campaignId);
  if (!campaign) return null;
  return notifyFollowers(services, {
    kind: 'graduated', campaignId, ref: 'graduated',
    data: { title: `$${campaign.ticker} graduated: its bonding curve is complete`, path: pathOf(campaign) },
  });
}

/**
 * The campaign was flagged by moderation, recorded in the moderation's own transaction
 * (`tx`) when flagged went false -> true under its row lock: each flagging is one fact
 * (`ref` names it). The caller announces after commit.
 */
export function recordFlagged(tx: Db, env: Env, campaign: CampaignRef, ref: string, now: Date) {
  return recordNotification(tx, env, {
    kind: 'flagged', campaignId: campaign.id, ref,
    data: { title: `${nameOf(campaign)} was flagged by moderators`, path: pathOf(campaign) },
  }, { followers: true }, now);
}

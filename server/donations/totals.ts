import { and, asc, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { campaigns, curveTrades, donations, launchRequests } from '../db/schema';

/**
 * Backers: wallets other than the creator and the cause (the donation wallet) whose counted
 * direct donations to the campaign plus buys of its token reach `minLamports`
 * (BACKER_MIN_LAMPORTS), so a crowd of dust trades is not a crowd of backers, and a creator
 * buying their own token, or the cause's wallet buying it, backs nothing. The creator's
 * initial buy is the creator's. The one definition: lists, cards, stats and the admin all
 * read the column this sets (a correlated subquery on campaigns).
 */
export function backersSql(minLamports: bigint): SQL {
  return sql`(select count(*)::int from (
    select wallet from (
      select ${donations.fromWallet} as wallet, ${donations.lamports} as lamports from ${donations}
        where ${donations.campaignId} = ${campaigns.id} and ${donations.kind} = 'direct'
      union all
      -- The launch's initial buy is paid by the request's funding wallet for the creator: the creator's.
      select case when ${curveTrades.wallet} = ${launchRequests.fundingWallet} then ${campaigns.creatorWallet} else ${curveTrades.wallet} end,
        ${curveTrades.solLamports}
      from ${curveTrades} left join ${launchRequests} on ${launchRequests.requestId} = ${campaigns.requestId}
        where ${curveTrades.mint} = ${campaigns.tokenAddress} and ${curveTrades.side} = 'buy'
    ) as put_in
    where wallet <> ${campaigns.creatorWallet} and wallet is distinct from ${campaigns.donationWallet}
    group by wallet having sum(lamports) >= ${minLamports.toString()}::numeric
  ) as backer)`;
}

/** Rewards plus direct donations, what counted of them (a correlated subquery on campaigns). */
export function raisedSql(): SQL {
  return sql`(select coalesce(sum(${donations.lamports}), 0) from ${donations} where ${donations.campaignId} = ${campaigns.id})`;
}

/** raised_amount and backers of these campaigns, recounted from the indexed rows. */
export async function updateCampaignTotals(db: Db, campaignIds: number[], backerMinLamports: bigint): Promise<void> {
  if (campaignIds.length === 0) return;
  await db.update(campaigns).set({ raisedLamports: raisedSql(), backers: backersSql(backerMinLamports),
    // A gift that did not count (netted, unchecked) is no donation for the 'newest donation' sort either.
    lastDonationAt: sql`(select max(${donations.blockTime}) from ${donations} where ${donations.campaignId} = ${campaigns.id} and ${donations.kind} = 'direct' and ${donations.lamports} > 0)` })
    .where(campaignIds.length === 1 ? eq(campaigns.id, campaignIds[0]!) : inArray(campaigns.id, campaignIds));
}

const RECOUNT_CHUNK = 500;

/**
 * Every campaign's raised amount and backers recounted, a chunk per statement (so other
 * work runs between them): once per process start, since BACKER_MIN_LAMPORTS may have
 * changed and a campaign that never trades again would keep an old count. `goals` (the
 * notifications' goal check) sees each chunk before and after: donations indexed just before a
 * crash, whose own recount never ran, still tell followers of the goal they reached.
 */
export async function recountAllTotals(
  db: Db, backerMinLamports: bigint,
  goals?: { below: (ids: number[]) => Promise<number[]>; crossed: (wereBelow: number[]) => Promise<void> },
): Promise<void> {
  for (let after = 0; ;) {
    const ids = (await db.select({ id: campaigns.id }).from(campaigns).where(gt(campaigns.id, after)).orderBy(asc(campaigns.id)).limit(RECOUNT_CHUNK))
      .map((r) => r.id);
    if (ids.length === 0) return;
    const wereBelow = goals ? await goals.below(ids) : [];
    await db.update(campaigns).set({ raisedLamports: raisedSql(), backers: backersSql(backerMinLamports) })
      .where(and(gt(campaigns.id, after), inArray(campaigns.id, ids)));
    await goals?.crossed(wereBelow);
    after = ids[ids.length - 1]!;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { campaigns, curveTrades, donations } from '../db/schema';

/** Distinct wallets that donated directly to the campaign or traded its token (a correlated subquery on campaigns). */
export function backersSql(): SQL {
  return sql`(select count(*)::int from (
    select ${donations.fromWallet} as wallet from ${donations}
      where ${donations.campaignId} = ${campaigns.id} and ${donations.kind} = 'direct'
    union
    select ${curveTrades.wallet} from ${curveTrades} where ${curveTrades.mint} = ${campaigns.tokenAddress}
  ) as backer)`;
}

/** Rewards plus direct donations (a correlated subquery on campaigns). */
export function raisedSql(): SQL {
  return sql`(select coalesce(sum(${donations.lamports}), 0) from ${donations} where ${donations.campaignId} = ${campaigns.id})`;
}

/** raised_amount and backers of these campaigns, recounted from the indexed rows. */
export async function updateCampaignTotals(db: Db, campaignIds: number[]): Promise<void> {
  if (campaignIds.length === 0) return;
  await db.update(campaigns).set({ raisedLamports: raisedSql(), backers: backersSql() })
    .where(campaignIds.length === 1 ? eq(campaigns.id, campaignIds[0]!) : inArray(campaigns.id, campaignIds));
}

import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { campaignFollows, campaigns } from '../db/schema';

export type FollowState = { following: boolean; followers: number };

/**
 * Follows (or unfollows) a campaign for a wallet. The follow row and campaigns.followers
 * change in one transaction, and only when the row really changed, so a repeat (a double
 * click, a retry) neither counts twice nor goes negative.
 */
export async function setFollowing(db: Db, props: { campaignId: number; wallet: string; follow: boolean; now: Date }): Promise<FollowState> {
  return db.transaction(async (tx) => {
    const { campaignId, wallet } = props;
    const changed = props.follow
      ? await tx.insert(campaignFollows).values({ campaignId, wallet, createdAt: props.now }).onConflictDoNothing().returning({ wallet: campaignFollows.wallet })
      : await tx.delete(campaignFollows).where(and(eq(campaignFollows.campaignId, campaignId), eq(campaignFollows.wallet, wallet))).returning({ wallet: campaignFollows.wallet });
    const delta = changed.length === 0 ? 0 : props.follow ? 1 : -1;
    const [row] = await tx.update(campaigns).set({ followers: sql`${campaigns.followers} + ${delta}` })
      .where(eq(campaigns.id, campaignId)).returning({ followers: campaigns.followers });
    return { following: props.follow, followers: row?.followers ?? 0 };
  });
}

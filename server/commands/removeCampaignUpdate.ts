import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { campaignUpdates } from '../db/schema';

/** Deletes one of the campaign's updates; false when the campaign has no such update. */
export async function removeCampaignUpdate(db: Db, props: { campaignId: number; updateId: number }): Promise<boolean> {
  const removed = await db.delete(campaignUpdates)
    .where(and(eq(campaignUpdates.id, props.updateId), eq(campaignUpdates.campaignId, props.campaignId)))
    .returning({ id: campaignUpdates.id });
  return removed.length > 0;
}

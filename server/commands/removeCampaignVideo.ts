import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { campaignVideos, campaigns } from '../db/schema';

/** Removes the campaign's video; false when it had none. */
export async function removeCampaignVideo(db: Db, campaignId: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [campaign] = await tx.select({ videoUrl: campaigns.videoUrl }).from(campaigns).where(eq(campaigns.id, campaignId)).for('update');
    const removed = await tx.delete(campaignVideos).where(eq(campaignVideos.campaignId, campaignId)).returning({ id: campaignVideos.id });
    if (removed.length === 0 && !campaign?.videoUrl) return false;
    await tx.update(campaigns).set({ videoUrl: null }).where(eq(campaigns.id, campaignId));
    return true;
  });
}

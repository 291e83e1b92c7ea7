import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { campaignVideos, campaigns } from '../db/schema';

export type CampaignVideoRow = typeof campaignVideos.$inferSelect;

/**
 * Makes `videoUrl` the campaign's one video (the spec's 'One only'): earlier videos are
 * removed and campaigns.video_url follows, in one transaction.
 */
export async function setCampaignVideo(
  db: Db, props: { campaignId: number; videoUrl: string; uploadedBy: string; now: Date },
): Promise<CampaignVideoRow> {
  return db.transaction(async (tx) => {
    await tx.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.id, props.campaignId)).for('update');
    await tx.delete(campaignVideos).where(eq(campaignVideos.campaignId, props.campaignId));
    const [row] = await tx.insert(campaignVideos).values({
      campaignId: props.campaignId, videoUrl: props.videoUrl, uploadedBy: props.uploadedBy, isPrimary: true, createdAt: props.now,
    }).returning();
    await tx.update(campaigns).set({ videoUrl: props.videoUrl }).where(eq(campaigns.id, props.campaignId));
    return row!;
  });
}

import type { Db } from '../db/client';
import { campaignUpdates } from '../db/schema';

export type CampaignUpdateRow = typeof campaignUpdates.$inferSelect;

/** Posts an update on a campaign page, signed by the wallet that wrote it. */
export async function postCampaignUpdate(
  db: Db, props: { campaignId: number; title: string; content: string; authorWallet: string; now: Date },
): Promise<CampaignUpdateRow> {
  const [row] = await db.insert(campaignUpdates).values({
    campaignId: props.campaignId, title: props.title, content: props.content, authorWallet: props.authorWallet, createdAt: props.now,
  }).returning();
  return row!;
}

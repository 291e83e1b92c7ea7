import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { campaignGallery, campaigns } from '../db/schema';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * The campaign's photo ids in gallery order, with the campaign row locked for the rest of
 * the transaction: two edits of one gallery run one after the other, so positions stay 0..n-1.
 */
export async function lockedGalleryOrder(tx: Tx, campaignId: number): Promise<number[]> {
  await tx.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.id, campaignId)).for('update');
  const rows = await tx.select({ id: campaignGallery.id }).from(campaignGallery)
    .where(eq(campaignGallery.campaignId, campaignId)).orderBy(asc(campaignGallery.orderIndex), asc(campaignGallery.id));
  return rows.map((r) => r.id);
}

/** Writes positions 0..n-1 in the given order, touching only the rows whose place in `before` differs. */
export async function saveGalleryOrder(tx: Tx, ids: number[], before: number[]): Promise<void> {
  for (const [position, id] of ids.entries()) {
    if (before.indexOf(id) !== position) await tx.update(campaignGallery).set({ orderIndex: position }).where(eq(campaignGallery.id, id));
  }
}

export type { Tx };

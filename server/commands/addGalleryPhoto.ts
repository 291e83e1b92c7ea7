import { GALLERY_MAX_PHOTOS } from '../../core/schemas/campaignContent';
import type { Db } from '../db/client';
import { campaignGallery } from '../db/schema';
import { lockedGalleryOrder } from './galleryOrder';

export type GalleryPhotoRow = typeof campaignGallery.$inferSelect;

/** Adds a photo at the end of the campaign's gallery; null when the gallery is full. */
export async function addGalleryPhoto(
  db: Db, props: { campaignId: number; imageUrl: string; caption: string | null; now: Date },
): Promise<GalleryPhotoRow | null> {
  return db.transaction(async (tx) => {
    const order = await lockedGalleryOrder(tx, props.campaignId);
    if (order.length >= GALLERY_MAX_PHOTOS) return null;
    const [row] = await tx.insert(campaignGallery).values({
      campaignId: props.campaignId, imageUrl: props.imageUrl, caption: props.caption, orderIndex: order.length, createdAt: props.now,
    }).returning();
    return row!;
  });
}

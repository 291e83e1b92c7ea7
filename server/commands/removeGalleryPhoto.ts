import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { campaignGallery } from '../db/schema';
import { lockedGalleryOrder, saveGalleryOrder } from './galleryOrder';

/** Removes a photo and closes the gap in the positions; false when the campaign has no such photo. */
export async function removeGalleryPhoto(db: Db, props: { campaignId: number; photoId: number }): Promise<boolean> {
  return db.transaction(async (tx) => {
    const before = await lockedGalleryOrder(tx, props.campaignId);
    if (!before.includes(props.photoId)) return false;
    await tx.delete(campaignGallery).where(eq(campaignGallery.id, props.photoId));
    await saveGalleryOrder(tx, before.filter((id) => id !== props.photoId), before);
    return true;
  });
}

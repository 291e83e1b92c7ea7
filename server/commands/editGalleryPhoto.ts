import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { campaignGallery } from '../db/schema';
import type { GalleryPhotoRow } from './addGalleryPhoto';
import { lockedGalleryOrder, saveGalleryOrder } from './galleryOrder';

/**
 * Changes a photo's caption and/or moves it to `position` (0 is first; past the end is
 * last), shifting the others. Null when the campaign has no such photo.
 */
export async function editGalleryPhoto(
  db: Db, props: { campaignId: number; photoId: number; caption?: string | null; position?: number },
): Promise<GalleryPhotoRow | null> {
  return db.transaction(async (tx) => {
    const before = await lockedGalleryOrder(tx, props.campaignId);
    if (!before.includes(props.photoId)) return null;
    if (props.caption !== undefined) {
      await tx.update(campaignGallery).set({ caption: props.caption }).where(eq(campaignGallery.id, props.photoId));
    }
    if (props.position !== undefined) {
      const after = before.filter((id) => id !== props.photoId);
      after.splice(Math.min(props.position, after.length), 0, props.photoId);
      await saveGalleryOrder(tx, after, before);
    }
    const [row] = await tx.select().from(campaignGallery)
      .where(and(eq(campaignGallery.id, props.photoId), eq(campaignGallery.campaignId, props.campaignId)));
    return row!;
  });
}

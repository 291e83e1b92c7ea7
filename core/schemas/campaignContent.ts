// What a creator adds to a campaign page (spec 1 section 5 'Campaign page and manage
// page'): gallery photos, updates and the video, shared by the manage page and the server.

import { z } from 'zod';

export const GALLERY_MAX_PHOTOS = 50;
export const CAPTION_MAX = 200;
export const UPDATE_TITLE_MAX = 120;
export const UPDATE_CONTENT_MAX = 5000;
const URL_MAX = 2048;

export const CONTENT_MESSAGES = {
  imageUrlRequired: 'imageUrl is required',
  videoUrlRequired: 'videoUrl is required',
  caption: `caption must be at most ${CAPTION_MAX} characters`,
  position: 'position must be a whole number, 0 or more',
  nothingToChange: 'Nothing to update',
  titleRequired: 'Please enter a title for your update',
  contentRequired: 'Please enter the content of your update',
  titleMax: `Title must be at most ${UPDATE_TITLE_MAX} characters`,
  contentMax: `Content must be at most ${UPDATE_CONTENT_MAX} characters`,
  galleryFull: `A campaign can have at most ${GALLERY_MAX_PHOTOS} photos`,
  // Spec 1 'Manage page': the server's refusal and the text the app shows instead of the controls.
  notPlatformCampaign: 'Photo, video and update management is only available for campaigns created through the platform',
} as const;

const fileUrl = (required: string) => z.string({ error: required }).trim().min(1, required).max(URL_MAX, `URL must be at most ${URL_MAX} characters`);
// A blank caption is no caption.
const caption = z.string({ error: CONTENT_MESSAGES.caption }).trim().max(CAPTION_MAX, CONTENT_MESSAGES.caption)
  .transform((text) => text || null).nullable();

/** POST /api/campaigns/{tokenAddress}/gallery */
export const GalleryPhotoCreate = z.object({
  // An upload of kind campaign_photo, purpose gallery (POST /api/uploads).
  imageUrl: fileUrl(CONTENT_MESSAGES.imageUrlRequired),
  caption: caption.optional(),
});
export type GalleryPhotoCreate = z.infer<typeof GalleryPhotoCreate>;

/** PATCH /api/campaigns/{tokenAddress}/gallery/{id}: a new caption and/or place (0 is first). */
export const GalleryPhotoEdit = z.object({
  caption: caption.optional(),
  position: z.number({ error: CONTENT_MESSAGES.position }).int(CONTENT_MESSAGES.position).min(0, CONTENT_MESSAGES.position)
    .max(GALLERY_MAX_PHOTOS, CONTENT_MESSAGES.position).optional(),
});
export type GalleryPhotoEdit = z.infer<typeof GalleryPhotoEdit>;

/** POST /api/campaigns/{tokenAddress}/updates: both non-blank. */
export const CampaignUpdateCreate = z.object({
  title: z.string({ error: CONTENT_MESSAGES.titleRequired }).trim().min(1, CONTENT_MESSAGES.titleRequired).max(UPDATE_TITLE_MAX, CONTENT_MESSAGES.titleMax),
  content: z.string({ error: CONTENT_MESSAGES.contentRequired }).trim().min(1, CONTENT_MESSAGES.contentRequired).max(UPDATE_CONTENT_MAX, CONTENT_MESSAGES.contentMax),
});
export type CampaignUpdateCreate = z.infer<typeof CampaignUpdateCreate>;

/** PUT /api/campaigns/{tokenAddress}/video: an upload of kind campaign_video, purpose manage. */
export const CampaignVideoPut = z.object({
  videoUrl: fileUrl(CONTENT_MESSAGES.videoUrlRequired),
});
export type CampaignVideoPut = z.infer<typeof CampaignVideoPut>;

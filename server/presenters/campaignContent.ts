import type { campaignGallery, campaignUpdates, campaignVideos } from '../db/schema';

type PhotoRow = typeof campaignGallery.$inferSelect;
type UpdateRow = typeof campaignUpdates.$inferSelect;
type VideoRow = typeof campaignVideos.$inferSelect;

export const presentGalleryPhoto = (row: PhotoRow) => ({
  id: row.id, url: row.imageUrl, caption: row.caption, position: row.orderIndex, created_at: row.createdAt.toISOString(),
});

/** `authorName`: the author's profile name, when they chose one (the tab shows it instead of the address). */
export const presentCampaignUpdate = (row: UpdateRow, authorName: string | null = null) => ({
  id: row.id, title: row.title, content: row.content, author_wallet: row.authorWallet, author_name: authorName, created_at: row.createdAt.toISOString(),
});

export const presentCampaignVideo = (row: VideoRow) => ({
  id: row.id, url: row.videoUrl, title: row.title, uploaded_by: row.uploadedBy, is_primary: row.isPrimary, created_at: row.createdAt.toISOString(),
});

import type { campaignGallery, campaignUpdates, campaignVideos } from '../db/schema';

type PhotoRow = typeof campaignGallery.$inferSelect;
type UpdateRow = typeof campaignUpdates.$inferSelect;
type VideoRow = typeof campaignVideos.$inferSelect;

export const presentGalleryPhoto = (row: PhotoRow) => ({
  id: row.id, url: row.imageUrl, caption: row.caption, position: row.orderIndex, created_at: row.createdAt.toISOString(),
});

export const presentCampaignUpdate = (row: UpdateRow) => ({
  id: row.id, title: row.title, content: row.content, author_wallet: row.authorWallet, created_at: row.createdAt.toISOString(),
});

export const presentCampaignVideo = (row: VideoRow) => ({
  id: row.id, url: row.videoUrl, title: row.title, uploaded_by: row.uploadedBy, is_primary: row.isPrimary, created_at: row.createdAt.toISOString(),
});

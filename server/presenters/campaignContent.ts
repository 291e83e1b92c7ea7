import { lamportsToSolString } from '../../core/money';
import { EDITABLE_FIELDS } from '../../core/schemas/campaignDetails';
import type { campaignEdits, campaignGallery, campaignUpdates, campaignVideos } from '../db/schema';

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

type EditRow = typeof campaignEdits.$inferSelect;

// The goal travels in SOL as the page shows it; every other field as stored.
const shownValue = (field: string, value: string | null) => (field === 'goal' && value !== null ? lamportsToSolString(BigInt(value)) : value);

/** One creator edit of the story, goal or links, its fields in the form's order. */
export const presentCampaignEdit = (row: EditRow) => ({
  id: row.id,
  editor_wallet: row.editorWallet,
  created_at: row.createdAt.toISOString(),
  changes: EDITABLE_FIELDS.filter((field) => field in row.changes).map((field) => ({
    field, before: shownValue(field, row.changes[field]!.before), after: shownValue(field, row.changes[field]!.after),
  })),
});

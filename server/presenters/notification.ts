import type { NotificationData } from '../db/schema';

export type NotificationListRow = {
  id: number; kind: string; data: NotificationData; createdAt: Date; readAt: Date | null;
  ticker: string; name: string; tokenAddress: string | null;
};

export const presentNotification = (row: NotificationListRow) => ({
  id: row.id,
  kind: row.kind,
  title: row.data.title,
  // A path on this site: the campaign, or its update / comment.
  path: row.data.path,
  campaign: { ticker: row.ticker, name: row.name, token_address: row.tokenAddress },
  created_at: row.createdAt.toISOString(),
  read: row.readAt !== null,
});

import type { CommentBadge, CommentJson } from '../../core/schemas/comment';
import type { CommentRow } from '../commands/postComment';
import { isCollapsed } from '../comments/visibility';

export type CommentProfile = { username: string | null; profilePhoto: string | null } | null;

/** A comment as the campaign page shows it: text as stored (the app renders it as plain text), author and badges. */
export function presentComment(row: CommentRow, profile: CommentProfile, badges: CommentBadge[]): CommentJson {
  return {
    id: row.id,
    parent_id: row.parentId,
    body: row.body,
    created_at: row.createdAt.toISOString(),
    pinned: row.pinnedAt !== null,
    author: { wallet: row.authorWallet, username: profile?.username ?? null, profile_photo: profile?.profilePhoto ?? null, badges },
  };
}

/** What the admin also sees: why a comment is not shown, its open reports and what they weigh (and how many are the creator's). */
export function moderationState(row: CommentRow, creatorReports: number) {
  return {
    hidden_by: row.hiddenBy,
    hidden_at: row.hiddenAt?.toISOString() ?? null,
    open_reports: row.openReports,
    report_weight: row.reportWeight,
    creator_reports: creatorReports,
    collapsed: isCollapsed(row),
  };
}

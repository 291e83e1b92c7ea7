// Campaign comments (issue 24): what a wallet posts, what anyone reports, and what the admin
// sends, shared by the campaign page's Comments tab, the admin Comments page and the server.

import { z } from 'zod';
import { isSolanaAddress } from './creation';

export const COMMENT_MAX = 1000;
export const COMMENTS_PER_MINUTE = 5;
export const COMMENTS_PER_DAY = 100;
/**
 * What open reports must weigh together to collapse a comment (shown behind 'Reported: click to
 * show') until an admin decides. A report weighs 1 only from a wallet that costs something: it
 * holds the campaign's token, donated to it, or has been on chain for more than a day, and is
 * not the campaign's creator; signed-out and fresh-wallet reports weigh 0 (the admin still sees
 * them). Reports never hide a comment: only an admin does.
 */
export const COMMENT_REPORTS_TO_COLLAPSE = 3;
export const COMMENT_PAGE_DEFAULT = 20;
export const COMMENT_PAGE_MAX = 50;
/** The same text from the same wallet on the same campaign within this is a duplicate. */
export const COMMENT_DUPLICATE_MS = 24 * 3_600_000;

export const COMMENT_REPORT_REASONS = ['spam', 'harassment', 'hate', 'scam', 'misleading', 'other'] as const;
export type CommentReportReason = (typeof COMMENT_REPORT_REASONS)[number];
export const COMMENT_REPORT_REASON_LABELS: Record<CommentReportReason, string> = {
  spam: 'Spam or advertising',
  harassment: 'Harassment or abuse',
  hate: 'Hate speech',
  scam: 'Scam or phishing',
  misleading: 'Misleading about the campaign',
  other: 'Something else',
};

/** How long an admin mutes a wallet; null is for good. */
export const COMMENT_MUTE_DURATIONS = { '1h': 3_600_000, '24h': 86_400_000, '7d': 7 * 86_400_000, permanent: null } as const;
export type CommentMuteDuration = keyof typeof COMMENT_MUTE_DURATIONS;
export const COMMENT_MUTE_LABELS: Record<CommentMuteDuration, string> = { '1h': '1 hour', '24h': '24 hours', '7d': '7 days', permanent: 'Permanently' };

export const COMMENT_MESSAGES = {
  empty: 'Write something first: a comment cannot be empty',
  tooLong: `A comment can be at most ${COMMENT_MAX.toLocaleString('en-US')} characters`,
  parentInvalid: 'parent_id must be a comment id',
  parentNotFound: 'The comment you are replying to does not exist',
  parentOtherCampaign: 'The comment you are replying to belongs to another campaign',
  replyToReply: 'Replies go one level deep: reply to the original comment instead',
  parentHidden: 'The comment you are replying to is hidden',
  campaignNotFound: 'Campaign not found',
  duplicate: 'You already posted this comment on this campaign today',
  tooFast: `Too many comments: at most ${COMMENTS_PER_MINUTE} a minute. Please wait a moment.`,
  tooManyToday: `Too many comments: at most ${COMMENTS_PER_DAY} a day. Please try again later.`,
  mutedUntil: (until: string) => `Your wallet is muted from commenting until ${until}`,
  mutedForever: 'Your wallet is muted from commenting',
  notFound: 'Comment not found',
  reasonRequired: `Choose a reason: ${COMMENT_REPORT_REASONS.join(', ')}`,
  alreadyReported: 'You already reported this comment',
  alreadyReportedFromNetwork: 'This comment was already reported from your network',
  cursorInvalid: 'cursor must be a comment id',
  limitInvalid: `limit must be a whole number from 1 to ${COMMENT_PAGE_MAX}`,
  durationRequired: `Choose a duration: ${Object.keys(COMMENT_MUTE_DURATIONS).join(', ')}`,
  walletInvalid: 'Invalid Solana wallet address',
  filterInvalid: 'filter must be one of: reported, hidden, all',
} as const;

const id = (message: string) => z.coerce.number({ error: message }).int(message).positive(message).max(2_147_483_647, message);

/** POST /api/campaigns/{tokenAddress}/comments. */
export const CommentCreate = z.object({
  // Plain text; trimmed, 1 to 1,000 characters (a NUL never arrives: the server refuses it earlier).
  body: z.string({ error: COMMENT_MESSAGES.empty }).trim().min(1, COMMENT_MESSAGES.empty).max(COMMENT_MAX, COMMENT_MESSAGES.tooLong),
  // The top-level comment this replies to; absent or null for a new thread.
  parent_id: z.number({ error: COMMENT_MESSAGES.parentInvalid }).int(COMMENT_MESSAGES.parentInvalid)
    .positive(COMMENT_MESSAGES.parentInvalid).max(2_147_483_647, COMMENT_MESSAGES.parentInvalid).nullish(),
});
export type CommentCreate = z.infer<typeof CommentCreate>;

/** GET /api/campaigns/{tokenAddress}/comments?cursor=&limit=: newest first, `cursor` the last id seen. */
export const CommentPageQuery = z.object({
  cursor: id(COMMENT_MESSAGES.cursorInvalid).optional(),
  limit: z.coerce.number({ error: COMMENT_MESSAGES.limitInvalid }).int(COMMENT_MESSAGES.limitInvalid)
    .min(1, COMMENT_MESSAGES.limitInvalid).max(COMMENT_PAGE_MAX, COMMENT_MESSAGES.limitInvalid).default(COMMENT_PAGE_DEFAULT),
});

/** POST /api/comments/{id}/reports. */
export const CommentReportCreate = z.object({
  reason: z.enum(COMMENT_REPORT_REASONS, { error: COMMENT_MESSAGES.reasonRequired }),
});

export const CommentIdParams = z.object({ id: id('Comment id must be a whole number') });

export const ADMIN_COMMENT_FILTERS = ['reported', 'hidden', 'all'] as const;
export type AdminCommentFilter = (typeof ADMIN_COMMENT_FILTERS)[number];

/** GET /api/admin/comments?filter=&q=&cursor=. */
export const AdminCommentQuery = z.object({
  filter: z.enum(ADMIN_COMMENT_FILTERS, { error: COMMENT_MESSAGES.filterInvalid }).default('reported'),
  // A campaign's ticker, name or mint, or an author's wallet.
  q: z.string().trim().max(100, 'Search text can be at most 100 characters').optional(),
  cursor: id(COMMENT_MESSAGES.cursorInvalid).optional(),
  limit: z.coerce.number({ error: COMMENT_MESSAGES.limitInvalid }).int(COMMENT_MESSAGES.limitInvalid)
    .min(1, COMMENT_MESSAGES.limitInvalid).max(COMMENT_PAGE_MAX, COMMENT_MESSAGES.limitInvalid).default(COMMENT_PAGE_DEFAULT),
});

export const WalletParams = z.object({ wallet: z.string().refine(isSolanaAddress, COMMENT_MESSAGES.walletInvalid) });

/** PUT /api/admin/comment-mutes/{wallet}. */
export const CommentMuteSet = z.object({
  duration: z.enum(Object.keys(COMMENT_MUTE_DURATIONS) as [CommentMuteDuration, ...CommentMuteDuration[]], { error: COMMENT_MESSAGES.durationRequired }),
});

/** A comment as the API shows it. */
export type CommentBadge = { kind: 'creator' } | { kind: 'holder'; share_percent: string } | { kind: 'donor' };
export type CommentAuthor = { wallet: string; username: string | null; profile_photo: string | null; badges: CommentBadge[] };
export type CommentJson = {
  id: number;
  parent_id: number | null;
  body: string;
  created_at: string;
  pinned: boolean;
  /** Only in the creator's own view: a comment they hid (nobody else sees it). */
  hidden?: true;
  /** Reported by enough wallets that cost something: shown behind 'click to show' until a moderator decides. */
  collapsed?: true;
  author: CommentAuthor;
  replies?: CommentJson[];
};
/** POST /api/comments/{id}/reports: the report is stored; `collapsed` says whether the comment is now collapsed. */
export type CommentReported = { reported: true; collapsed: boolean };
export type CommentPage = { pinned: CommentJson | null; comments: CommentJson[]; next_cursor: number | null; viewer_is_creator: boolean };

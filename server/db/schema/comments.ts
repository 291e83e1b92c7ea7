import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn, boolean, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex,
} from 'drizzle-orm/pg-core';
import { campaigns } from './campaigns';

export const COMMENT_HIDERS = ['creator', 'admin'] as const;
export type CommentHider = (typeof COMMENT_HIDERS)[number];

/**
 * A wallet's comment on a campaign (issue 24), or a reply one level deep (`parent_id`).
 * Newest first is id order (a serial), so pages are keyset on id. A comment is shown unless
 * hidden (by the creator or an admin); reports never hide it: `report_weight`, the sum of its
 * open reports' weights, collapses it (readable behind 'reported, click to show') once it
 * reaches COMMENT_REPORTS_TO_COLLAPSE, until an admin decides.
 * `client_address` is kept so the per-address limits are counted from these rows, across
 * every web process, for the day those limits count; then it is cleared (pruneLimitRecords).
 */
export const campaignComments = pgTable('campaign_comments', {
  id: serial('id').primaryKey(),
  campaignId: integer('campaign_id').notNull().references(() => campaigns.id, { onDelete: 'cascade' }),
  parentId: integer('parent_id').references((): AnyPgColumn => campaignComments.id, { onDelete: 'cascade' }),
  authorWallet: text('author_wallet').notNull(),
  clientAddress: text('client_address'),
  body: text('body').notNull(),
  hiddenBy: text('hidden_by').$type<CommentHider>(),
  hiddenAt: timestamp('hidden_at', { withTimezone: true }),
  openReports: integer('open_reports').notNull().default(0),
  // What the open reports weigh together (server/comments/reportWeight.ts): only reporters who cost something count.
  reportWeight: integer('report_weight').notNull().default(0),
  pinnedAt: timestamp('pinned_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  check('campaign_comments_hidden_by', sql.raw(`hidden_by in (${COMMENT_HIDERS.map((h) => `'${h}'`).join(', ')})`)),
  check('campaign_comments_body_length', sql`char_length(${t.body}) between 1 and 1000`),
  // A campaign's threads, newest first (the tab's pages walk this backwards from a cursor).
  index('campaign_comments_threads_idx').on(t.campaignId, t.id).where(sql`${t.parentId} is null`),
  // Replies of the threads on a page, oldest first.
  index('campaign_comments_replies_idx').on(t.parentId, t.id),
  // The per-wallet and per-address limits and the duplicate check count a day of rows.
  index('campaign_comments_author_time_idx').on(t.authorWallet, t.createdAt),
  index('campaign_comments_address_time_idx').on(t.clientAddress, t.createdAt),
  // The prune's scan: rows still holding an address.
  index('campaign_comments_address_kept_idx').on(t.createdAt).where(sql`${t.clientAddress} is not null`),
  // At most one pinned comment per campaign.
  uniqueIndex('campaign_comments_one_pin_idx').on(t.campaignId).where(sql`${t.pinnedAt} is not null`),
  // The admin's 'reported' and 'hidden' filters.
  index('campaign_comments_reported_idx').on(t.id).where(sql`${t.openReports} > 0`),
  index('campaign_comments_hidden_by_idx').on(t.id).where(sql`${t.hiddenBy} is not null`),
]);

export const COMMENT_REPORT_BASES = ['holder', 'donor', 'aged', 'fresh', 'creator', 'network', 'legacy'] as const;
/**
 * Why a report weighs what it does: a wallet that holds the campaign's token, donated to it or
 * has been on chain for more than a day weighs 1 ('holder', 'donor', 'aged'); a fresh wallet,
 * the campaign's creator and a signed-out network weigh 0 ('fresh', 'creator', 'network').
 * 'legacy': a report taken before reports were weighed (counted as 1, as it held the comment then).
 */
export type CommentReportBasis = (typeof COMMENT_REPORT_BASES)[number];

/**
 * One report of a comment by one reporter: `w:<wallet>` when signed in, else `n:<network>`
 * (the client address's /24, or /48 for IPv6; `a:<address>` in reports taken before), unique
 * per comment. Open until an admin restores or hides the comment.
 */
export const commentReports = pgTable('comment_reports', {
  id: serial('id').primaryKey(),
  commentId: integer('comment_id').notNull().references(() => campaignComments.id, { onDelete: 'cascade' }),
  reporter: text('reporter').notNull(),
  reason: text('reason').notNull(),
  // Weighed when taken (the reporter's standing then); the defaults are what older reports get.
  weight: integer('weight').notNull().default(1),
  basis: text('basis').$type<CommentReportBasis>().notNull().default('legacy'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  closedAt: timestamp('closed_at', { withTimezone: true }),
}, (t) => [
  uniqueIndex('comment_reports_once_idx').on(t.commentId, t.reporter),
  check('comment_reports_basis', sql.raw(`basis in (${COMMENT_REPORT_BASES.map((b) => `'${b}'`).join(', ')})`)),
  check('comment_reports_weight', sql`${t.weight} >= 0`),
]);

/**
 * When a wallet's first transaction was, as far as the chain told us (getSignaturesForAddress
 * walked back): what 'on chain for more than a day' reads, cached. `complete` says the walk
 * reached the wallet's first transaction (else `first_seen_at` is the oldest one seen, an upper
 * bound); null when the wallet has none. Re-read only while that leaves its age undecided.
 */
export const walletAges = pgTable('wallet_ages', {
  wallet: text('wallet').primaryKey(),
  firstSeenAt: timestamp('first_seen_at', { withTimezone: true }),
  complete: boolean('complete').notNull(),
  checkedAt: timestamp('checked_at', { withTimezone: true }).notNull(),
});

/** A wallet an admin muted: its new comments are refused until `muted_until` (null: for good). */
export const commentMutes = pgTable('comment_mutes', {
  wallet: text('wallet').primaryKey(),
  mutedUntil: timestamp('muted_until', { withTimezone: true }),
  mutedBy: text('muted_by').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

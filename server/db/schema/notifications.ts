import { sql } from 'drizzle-orm';
import {
  check, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { NotificationKind } from '../../../core/notifications';
import { campaigns } from './campaigns';

// Following a campaign (issue 24). campaigns.followers is the maintained count of these
// rows (written in the same transaction), so lists never count per row.
export const campaignFollows = pgTable('campaign_follows', {
  campaignId: integer('campaign_id').notNull().references(() => campaigns.id, { onDelete: 'cascade' }),
  wallet: text('wallet').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.campaignId, t.wallet] }),
  index('campaign_follows_wallet_idx').on(t.wallet),
]);

/**
 * What a notification links to and says, fixed when the fact is recorded; a comment reply's
 * also counts the thread's unread replies (server/notifications/replyDigest.ts), updated in place.
 */
export type NotificationData = {
  title: string; path: string; amountLamports?: string;
  threadId?: number; replyIds?: number[]; replyCount?: number; repliers?: { wallet: string; name: string }[];
};

// One row per fact (an update posted, a payout landed, ...): the unique key is what makes a
// retry, a second worker or a second web process record it once.
export const notifications = pgTable('notifications', {
  id: serial('id').primaryKey(),
  kind: text('kind').$type<NotificationKind>().notNull(),
  campaignId: integer('campaign_id').notNull().references(() => campaigns.id, { onDelete: 'cascade' }),
  // Names the fact within its kind and campaign: an update's id, a run's id, 'goal', a comment's id.
  ref: text('ref').notNull(),
  data: jsonb('data').$type<NotificationData>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('notifications_fact_idx').on(t.kind, t.campaignId, t.ref),
  check('notifications_kind', sql`${t.kind} in ('update', 'payout', 'goal_reached', 'graduated', 'flagged', 'comment_reply')`),
]);

// Who was told: one row per (notification, wallet), fanned out when the fact is recorded.
export const notificationRecipients = pgTable('notification_recipients', {
  notificationId: integer('notification_id').notNull().references(() => notifications.id, { onDelete: 'cascade' }),
  wallet: text('wallet').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  readAt: timestamp('read_at', { withTimezone: true }),
}, (t) => [
  primaryKey({ columns: [t.notificationId, t.wallet] }),
  // The notifications page, newest (highest id) first, and the bell's unread count.
  index('notification_recipients_wallet_idx').on(t.wallet, t.notificationId.desc()),
  index('notification_recipients_unread_idx').on(t.wallet).where(sql`${t.readAt} is null`),
]);

// A wallet's e-mail address (one per wallet; an address may serve several wallets, each
// confirming it). Nothing is mailed before confirmedAt; unsubscribing clears it.
export const emailSubscriptions = pgTable('email_subscriptions', {
  wallet: text('wallet').primaryKey(),
  email: text('email').notNull(),
  kinds: jsonb('kinds').$type<NotificationKind[]>().notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  // sha256 of the confirmation link's random token; the token itself is only in the mail.
  confirmTokenHash: text('confirm_token_hash').unique(),
  confirmExpiresAt: timestamp('confirm_expires_at', { withTimezone: true }),
  // The unsubscribe links' token: random, kept for the life of the address.
  unsubscribeToken: text('unsubscribe_token').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type OutboxStatus = 'pending' | 'sending' | 'sent' | 'failed' | 'cancelled';

// The mail queue the worker drains (server/mail/). A row is claimed (pending -> sending)
// before its send and never sent again once claimed: see server/mail/outbox.ts.
export const emailOutbox = pgTable('email_outbox', {
  id: serial('id').primaryKey(),
  wallet: text('wallet').notNull(),
  // 'confirm:<wallet>:<n>' or 'notification:<id>:<wallet>': a fact mails a wallet once.
  dedupeKey: text('dedupe_key').notNull().unique(),
  purpose: text('purpose').$type<'confirm' | 'notification'>().notNull(),
  toAddress: text('to_address').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  // One-click unsubscribe (RFC 8058): a notification mail's wallet unsubscribe, a confirmation's 'this was not me'.
  unsubscribeUrl: text('unsubscribe_url'),
  // Who asked for a confirmation mail (the per-client cap counts these), kept a day (pruneLimitRecords).
  clientAddress: text('client_address'),
  status: text('status').$type<OutboxStatus>().notNull().default('pending'),
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
  claimedAt: timestamp('claimed_at', { withTimezone: true }),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  lastError: text('last_error'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  check('email_outbox_status', sql`${t.status} in ('pending', 'sending', 'sent', 'failed', 'cancelled')`),
  index('email_outbox_due_idx').on(t.nextAttemptAt, t.id).where(sql`${t.status} = 'pending'`),
  index('email_outbox_sending_idx').on(t.claimedAt).where(sql`${t.status} = 'sending'`),
  index('email_outbox_wallet_idx').on(t.wallet, t.purpose, t.createdAt),
  // The per-recipient confirmation cap, and the hourly cap on what one address is sent.
  index('email_outbox_to_idx').on(t.toAddress, t.purpose, t.createdAt),
  index('email_outbox_to_sent_idx').on(t.toAddress, t.sentAt).where(sql`${t.status} = 'sent'`),
  index('email_outbox_client_idx').on(t.clientAddress, t.createdAt).where(sql`${t.clientAddress} is not null`),
]);

// Addresses whose owner said 'this was not me' (the link in every confirmation mail): nothing
// is ever mailed to them again, whichever wallet asks; PUT /api/account/email refuses them.
export const emailSuppressions = pgTable('email_suppressions', {
  email: text('email').primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

// The 'this was not me' link of one confirmation mail: sha256 of its random token (the token
// is only in the mail) and the address it was sent to. Used once (used_at).
export const emailNotMeTokens = pgTable('email_not_me_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  email: text('email').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

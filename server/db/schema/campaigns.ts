import { sql } from 'drizzle-orm';
import {
  bigint, boolean, check, index, integer, jsonb, numeric, pgTable, primaryKey, serial, smallint, text, timestamp,
} from 'drizzle-orm/pg-core';
import { campaignGoalProgress } from './campaignGoalProgress';
import { campaignSearchDocument } from './campaignSearch';
import { campaignCategory, campaignStatus } from './enums';

/** A high-severity trust flag as a card shows it (core/trust/flags.ts); `since` (ISO) for a remembered one. */
export type HighFlag = { id: string; sentence: string; since?: string };

const lamports = (name: string) => bigint(name, { mode: 'bigint' });

// Amounts are integer base units: *_lamports for SOL. Presenters turn them into the
// spec's field names (goal_amount, raised_amount, ...) as decimal SOL.
export const campaigns = pgTable('campaigns', {
  id: serial('id').primaryKey(),
  creatorWallet: text('creator_wallet').notNull(),
  ticker: text('ticker').notNull(),
  name: text('name').notNull(),
  title: text('title'),
  description: text('description').notNull().default(''),
  // The creator's longer story (the About tab), edited on the manage page; description stays the
  // 200-character summary the token's metadata carries. Null: the page shows the description.
  story: text('story'),
  category: campaignCategory('category').notNull().default('Other'),
  status: campaignStatus('status').default('active'),
  featured: boolean('featured').notNull().default(false),
  trending: boolean('trending').notNull().default(false),
  verified: boolean('verified').notNull().default(false),
  flagged: boolean('flagged').notNull().default(false),
  isTest: boolean('is_test').notNull().default(false),
  tokenAddress: text('token_address').unique(),
  poolAddress: text('pool_address'),
  requestId: text('request_id').unique(),
  goalLamports: lamports('goal_lamports').notNull(),
  raisedLamports: lamports('raised_lamports').notNull().default(sql`0`),
  backers: integer('backers').notNull().default(0),
  // Wallets following the campaign: kept with campaign_follows in one transaction (server/commands/followCampaign.ts).
  followers: integer('followers').notNull().default(0),
  daysLeft: integer('days_left').notNull().default(30),
  daysOld: integer('days_old').notNull().default(1),
  imageUrl: text('image_url'),
  videoUrl: text('video_url'),
  website: text('website'),
  twitter: text('twitter'),
  telegram: text('telegram'),
  telegramChannelId: text('telegram_channel_id'),
  discord: text('discord'),
  brandColor: text('brand_color'),
  donationWallet: text('donation_wallet'),
  campaignWallet: text('campaign_wallet'),
  distributorWallet: text('distributor_wallet'),
  transactionSignature: text('transaction_signature'),
  initialBuyLamports: lamports('initial_buy_lamports').notNull().default(sql`0`),
  bondingCurveType: smallint('bonding_curve_type').notNull().default(1),
  isBonded: boolean('is_bonded').notNull().default(false),
  marketCapLamports: lamports('market_cap_lamports'),
  // The one holder count (core/holders.ts) and what those holders hold, from the same read:
  // the lists read the count, a cluster's comment badges the basis of their shares.
  holders: integer('holders'),
  circulatingTokens: bigint('circulating_tokens', { mode: 'bigint' }),
  // Percent 0..100 with two decimals: exact, not a float.
  bondingCurveProgress: numeric('bonding_curve_progress', { precision: 6, scale: 2 }),
  cachedMarketCapLamports: lamports('cached_market_cap_lamports'),
  cachedHolders: integer('cached_holders'),
  cachedVolume24hLamports: lamports('cached_volume_24h_lamports'),
  cachedBondingProgress: numeric('cached_bonding_progress', { precision: 6, scale: 2 }),
  marketDataUpdatedAt: timestamp('market_data_updated_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  // The trust panel's high-severity flags (issue 23) as of `trustFlagsAt` (when their
  // computation began), kept so cards and Explore's "hide high-risk" need no computation per view.
  highFlags: jsonb('high_flags').$type<HighFlag[]>().notNull().default(sql`'[]'::jsonb`),
  trustFlagsAt: timestamp('trust_flags_at', { withTimezone: true }),
  // When the creator last edited the story, goal or links after launch (visitors see "edited").
  detailsEditedAt: timestamp('details_edited_at', { withTimezone: true }),
  // The newest direct donation's block time, kept by updateCampaignTotals (Explore's 'newest donation' sort).
  lastDonationAt: timestamp('last_donation_at', { withTimezone: true }),
}, (t) => [
  check('campaigns_ticker_upper', sql`${t.ticker} = upper(${t.ticker})`),
  check('campaigns_curve_type', sql`${t.bondingCurveType} in (1, 2)`),
  check('campaigns_amounts_non_negative', sql`${t.goalLamports} >= 0 and ${t.raisedLamports} >= 0 and ${t.initialBuyLamports} >= 0`),
  index('campaigns_creator_idx').on(t.creatorWallet),
  index('campaigns_ticker_idx').on(t.ticker),
  index('campaigns_created_idx').on(t.createdAt),
  // Explore at 100,000 campaigns: each sort walks its own index, in exactly the queries'
  // order (a plain DESC is NULLS FIRST; the id breaks ties), each filter chip has a small partial index, and search uses
  // trigrams (pg_trgm, created by migration 0007) for ILIKE '%text%' over one expression.
  index('campaigns_newest_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  index('campaigns_market_cap_idx').on(t.marketCapLamports.desc().nullsLast(), t.id.desc().nullsFirst()),
  index('campaigns_volume_24h_idx').on(t.cachedVolume24hLamports.desc().nullsLast(), t.id.desc().nullsFirst()),
  index('campaigns_progress_idx').on(t.bondingCurveProgress.desc().nullsLast(), t.id.desc().nullsFirst()),
  index('campaigns_raised_idx').on(t.raisedLamports.desc().nullsFirst(), t.id.desc().nullsFirst()),
  index('campaigns_goal_progress_idx').on(sql`${campaignGoalProgress(t)} desc`, t.id.desc().nullsFirst()),
  index('campaigns_last_donation_idx').on(t.lastDonationAt.desc().nullsLast(), t.id.desc().nullsFirst()),
  index('campaigns_category_newest_idx').on(t.category, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  index('campaigns_verified_newest_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()).where(sql`${t.verified}`),
  index('campaigns_bonded_newest_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()).where(sql`(${t.isBonded} or ${t.bondingCurveProgress} = 100)`),
  index('campaigns_reached_newest_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()).where(sql`${t.raisedLamports} >= ${t.goalLamports}`),
  // The trust-flags job's work list: never computed, or traded since (server/jobs/refreshTrustFlags.ts).
  index('campaigns_trust_stale_idx').on(t.id).where(sql`${t.tokenAddress} is not null and (${t.trustFlagsAt} is null or ${t.marketDataUpdatedAt} > ${t.trustFlagsAt})`),
  index('campaigns_search_trgm_idx').using('gin', sql`${campaignSearchDocument(t)} gin_trgm_ops`),
]);

/**
 * Trust flags of the dump kind (core/trust/remembered.ts), kept from the computation that first
 * raised them: the panel and the lists show them with that day whatever is held later.
 */
export const rememberedTrustFlags = pgTable('remembered_trust_flags', {
  campaignId: integer('campaign_id').notNull().references(() => campaigns.id, { onDelete: 'cascade' }),
  flagId: text('flag_id').notNull(),
  sentence: text('sentence').notNull(),
  raisedAt: timestamp('raised_at', { withTimezone: true }).notNull(),
}, (t) => [primaryKey({ columns: [t.campaignId, t.flagId] })]);

export const campaignGallery = pgTable('campaign_gallery', {
  id: serial('id').primaryKey(),
  campaignId: integer('campaign_id').notNull().references(() => campaigns.id, { onDelete: 'cascade' }),
  imageUrl: text('image_url').notNull(),
  caption: text('caption'),
  orderIndex: integer('order_index').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('campaign_gallery_campaign_idx').on(t.campaignId, t.orderIndex)]);

export const campaignUpdates = pgTable('campaign_updates', {
  id: serial('id').primaryKey(),
  campaignId: integer('campaign_id').notNull().references(() => campaigns.id, { onDelete: 'cascade' }),
  title: text('title').notNull(),
  content: text('content').notNull(),
  authorWallet: text('author_wallet').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('campaign_updates_campaign_idx').on(t.campaignId, t.createdAt)]);

/** The field a creator changed after launch, as it was and as it became (text; the goal in lamports as a decimal string). */
export type CampaignFieldChange = { before: string | null; after: string | null };

/**
 * Every edit a creator made to a launched campaign's story, goal or links, kept for good:
 * the public edit history, the goal's history (its first edit's `before` is the launch goal)
 * and the operators' audit trail of creator writes.
 */
export const campaignEdits = pgTable('campaign_edits', {
  id: serial('id').primaryKey(),
  campaignId: integer('campaign_id').notNull().references(() => campaigns.id, { onDelete: 'cascade' }),
  editorWallet: text('editor_wallet').notNull(),
  changes: jsonb('changes').$type<Record<string, CampaignFieldChange>>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('campaign_edits_campaign_idx').on(t.campaignId, t.id)]);

export const campaignVideos = pgTable('campaign_videos', {
  id: serial('id').primaryKey(),
  campaignId: integer('campaign_id').notNull().references(() => campaigns.id, { onDelete: 'cascade' }),
  videoUrl: text('video_url').notNull(),
  title: text('title').notNull().default('Campaign Video'),
  uploadedBy: text('uploaded_by').notNull(),
  isPrimary: boolean('is_primary').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('campaign_videos_campaign_idx').on(t.campaignId)]);

export const campaignStatsCache = pgTable('campaign_stats_cache', {
  campaignId: integer('campaign_id').primaryKey().references(() => campaigns.id, { onDelete: 'cascade' }),
  lastSyncAt: timestamp('last_sync_at', { withTimezone: true }).notNull().defaultNow(),
});

export const platformWallets = pgTable('platform_wallets', {
  id: serial('id').primaryKey(),
  distributionWallet: text('distribution_wallet').notNull().unique(),
  donationWallet: text('donation_wallet').notNull(),
  campaignId: integer('campaign_id').references(() => campaigns.id, { onDelete: 'set null' }),
  campaignName: text('campaign_name'),
  ticker: text('ticker'),
  lastChecked: timestamp('last_checked', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

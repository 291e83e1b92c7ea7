import { sql } from 'drizzle-orm';
import {
  bigint, boolean, check, integer, jsonb, numeric, pgTable, text, timestamp,
} from 'drizzle-orm/pg-core';
import { PLATFORM_STAT_KEYS } from '../../../core/enums';

export const siteSettings = pgTable('site_settings', {
  id: integer('id').primaryKey(),
  maintenanceMode: boolean('maintenance_mode').notNull().default(false),
  maintenanceMessage: text('maintenance_message'),
  scheduleEnabled: boolean('schedule_enabled').notNull().default(false),
  scheduleStart: timestamp('schedule_start', { withTimezone: true }),
  scheduleEnd: timestamp('schedule_end', { withTimezone: true }),
  scheduleMessage: text('schedule_message'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  check('site_settings_single_row', sql`${t.id} = 1`),
  check('site_settings_window', sql`${t.scheduleEnd} is null or ${t.scheduleStart} is null or ${t.scheduleEnd} >= ${t.scheduleStart}`),
]);

// total_sol_raised is lamports; the other three are counts.
export const platformStats = pgTable('platform_stats', {
  statKey: text('stat_key').primaryKey(),
  statValue: bigint('stat_value', { mode: 'bigint' }).notNull().default(sql`0`),
  lastUpdated: timestamp('last_updated', { withTimezone: true }).notNull().defaultNow(),
}, () => [
  check('platform_stats_key', sql.raw(`stat_key in (${PLATFORM_STAT_KEYS.map((k) => `'${k}'`).join(', ')})`)),
]);

export const tokenCache = pgTable('token_cache', {
  tokenAddress: text('token_address').primaryKey(),
  lastUpdated: timestamp('last_updated', { withTimezone: true }).notNull().defaultNow(),
  marketCapLamports: bigint('market_cap_lamports', { mode: 'bigint' }),
  holders: integer('holders'),
  volume24hLamports: bigint('volume_24h_lamports', { mode: 'bigint' }),
  // Price of one whole token in SOL: exact decimal, never a float.
  priceSol: numeric('price_sol', { precision: 38, scale: 18 }),
  priceChange24h: numeric('price_change_24h', { precision: 12, scale: 4 }),
  bondingCurveProgress: numeric('bonding_curve_progress', { precision: 6, scale: 2 }),
  imageUrl: text('image_url'),
  totalSupply: bigint('total_supply', { mode: 'bigint' }),
  circulatingSupply: bigint('circulating_supply', { mode: 'bigint' }),
  fdvLamports: bigint('fdv_lamports', { mode: 'bigint' }),
});

export const transactionCache = pgTable('transaction_cache', {
  signature: text('signature').primaryKey(),
  timestamp: timestamp('timestamp', { withTimezone: true }).notNull(),
  amountLamports: bigint('amount_lamports', { mode: 'bigint' }).notNull(),
  fromWallet: text('from_wallet').notNull(),
  toWallet: text('to_wallet').notNull(),
  transactionType: text('transaction_type').notNull().default('SOL'),
});

export type RoadmapPhase = { phase: string; title: string; status: 'completed' | 'in-progress' | 'upcoming'; items: string[] };
export type TokenomicsLine = { label: string; percent: number; taxPoints: number };
export type OfficialLinks = Record<string, string>;

export const officialToken = pgTable('official_token', {
  id: integer('id').primaryKey(),
  symbol: text('symbol').notNull(),
  name: text('name').notNull(),
  tokenAddress: text('token_address').notNull(),
  poolAddress: text('pool_address').notNull(),
  totalTaxBps: integer('total_tax_bps').notNull(),
  refreshIntervalMs: integer('refresh_interval_ms').notNull().default(30000),
  tokenomics: jsonb('tokenomics').$type<TokenomicsLine[]>().notNull(),
  roadmap: jsonb('roadmap').$type<RoadmapPhase[]>().notNull(),
  links: jsonb('links').$type<OfficialLinks>().notNull().default({}),
  // Local mode: the launch that made the token (server/official/), its distributor wallet (the withdraw-withheld authority).
  launchRequestId: text('launch_request_id'),
  distributorWallet: text('distributor_wallet'),
  // 'sample' (the seed's placeholder), 'local' (launched here) or 'cluster' (OFFICIAL_TOKEN_ADDRESS).
  source: text('source').notNull().default('sample'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [check('official_token_single_row', sql`${t.id} = 1`)]);

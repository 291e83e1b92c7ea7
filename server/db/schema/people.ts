import { sql } from 'drizzle-orm';
import {
  boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uuid,
} from 'drizzle-orm/pg-core';
import { browserName, deviceType } from './enums';

export const userProfiles = pgTable('user_profiles', {
  walletAddress: text('wallet_address').primaryKey(),
  username: text('username'),
  profilePhoto: text('profile_photo'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

// One row per wallet sign-in. The session token itself is never stored, only its sha256.
export const userSessions = pgTable('user_sessions', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  walletAddress: text('wallet_address').notNull(),
  sessionTokenHash: text('session_token_hash').unique(),
  signature: text('signature'),
  nonce: text('nonce'),
  ipAddress: text('ip_address'),
  userAgent: text('user_agent'),
  referrer: text('referrer'),
  deviceType: deviceType('device_type').notNull().default('desktop'),
  browser: browserName('browser').notNull().default('unknown'),
  country: text('country').notNull().default('unknown'),
  city: text('city').notNull().default('unknown'),
  region: text('region').notNull().default('unknown'),
  isNewUser: boolean('is_new_user').notNull().default(false),
  authSignatureHash: text('auth_signature_hash'),
  authMessage: text('auth_message'),
  authNonce: text('auth_nonce'),
  actionsTaken: jsonb('actions_taken').$type<string[]>().notNull().default([]),
  campaignsCreated: integer('campaigns_created').notNull().default(0),
  tradesMade: integer('trades_made').notNull().default(0),
  lastActivity: timestamp('last_activity', { withTimezone: true }).notNull().defaultNow(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  endedAt: timestamp('ended_at', { withTimezone: true }),
}, (t) => [
  index('user_sessions_wallet_idx').on(t.walletAddress),
  index('user_sessions_created_idx').on(t.createdAt),
]);

// Page views sent by the app shell on every route change (anonymous; wallet when known).
export const pageViews = pgTable('page_views', {
  id: serial('id').primaryKey(),
  path: text('path').notNull(),
  visitorId: text('visitor_id'),
  walletAddress: text('wallet_address'),
  referrer: text('referrer'),
  deviceType: deviceType('device_type').notNull().default('desktop'),
  browser: browserName('browser').notNull().default('unknown'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('page_views_created_idx').on(t.createdAt)]);

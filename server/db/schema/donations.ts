import { sql } from 'drizzle-orm';
import {
  bigint, check, index, integer, numeric, pgTable, primaryKey, text, timestamp,
} from 'drizzle-orm/pg-core';
import { campaigns } from './campaigns';

export const DONATION_KINDS = ['reward', 'direct'] as const;
export type DonationKind = (typeof DONATION_KINDS)[number];

/**
 * Each campaign's Solana Pay reference: a random 32-byte public key nobody holds, put on a
 * donation transfer as a read-only non-signer account so the transfer names its campaign
 * even when the donation wallet (a verified charity) serves many campaigns.
 */
export const donationReferences = pgTable('donation_references', {
  campaignId: integer('campaign_id').primaryKey().references(() => campaigns.id, { onDelete: 'cascade' }),
  reference: text('reference').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * SOL that reached a campaign's donation wallet, read back from the chain: 'reward' from the
 * campaign's distributor wallet, 'direct' from anyone else. Keyed by signature (per
 * campaign and kind), so a re-scan adds nothing twice.
 */
export const donations = pgTable('donations', {
  signature: text('signature').notNull(),
  campaignId: integer('campaign_id').notNull().references(() => campaigns.id, { onDelete: 'cascade' }),
  kind: text('kind').$type<DonationKind>().notNull(),
  fromWallet: text('from_wallet').notNull(),
  toWallet: text('to_wallet').notNull(),
  lamports: bigint('lamports', { mode: 'bigint' }).notNull(),
  slot: bigint('slot', { mode: 'bigint' }).notNull(),
  blockTime: timestamp('block_time', { withTimezone: true }).notNull(),
  indexedAt: timestamp('indexed_at', { withTimezone: true }).notNull().defaultNow(),
  // The platform's SOL/USD rate (SOL_USD) when the donation was indexed: a receipt's USD
  // figure is an estimate at the time, not today's. Null for rows indexed before it was kept.
  solUsd: numeric('sol_usd', { precision: 20, scale: 8 }),
}, (t) => [
  primaryKey({ columns: [t.signature, t.campaignId, t.kind] }),
  check('donations_kind', sql.raw(`kind in (${DONATION_KINDS.map((k) => `'${k}'`).join(', ')})`)),
  check('donations_lamports_positive', sql`${t.lamports} > 0`),
  index('donations_campaign_time').on(t.campaignId, t.blockTime),
  // What campaigns have paid each verified charity (GET /api/charities sums these by wallet).
  index('donations_reward_to_wallet').on(t.toWallet).where(sql`${t.kind} = 'reward'`),
  // A donor's own donations (/account, its CSV, receipts by wallet), newest first.
  index('donations_direct_from_wallet_time').on(t.fromWallet, t.blockTime).where(sql`${t.kind} = 'direct'`),
]);

/** How far the donation indexer has read each watched address's history (newest signature seen). */
export const donationCursors = pgTable('donation_cursors', {
  address: text('address').primaryKey(),
  lastSignature: text('last_signature'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A donation wallet's consent, signed by that wallet, that plain transfers to it (without
 * a campaign's Solana Pay reference) count for the campaigns of this creator. A creator
 * whose own wallet is the donation wallet needs no row: its sign-in proves it.
 */
export const donationWalletProofs = pgTable('donation_wallet_proofs', {
  creatorWallet: text('creator_wallet').notNull(),
  donationWallet: text('donation_wallet').notNull(),
  message: text('message').notNull(),
  signature: text('signature').notNull(),
  provedAt: timestamp('proved_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.creatorWallet, t.donationWallet] }),
  index('donation_wallet_proofs_wallet').on(t.donationWallet),
]);

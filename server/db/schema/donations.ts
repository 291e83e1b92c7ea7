import { sql } from 'drizzle-orm';
import {
  bigint, check, foreignKey, index, integer, numeric, pgTable, primaryKey, text, timestamp,
} from 'drizzle-orm/pg-core';
import { CREDIT_KINDS, type CreditKind } from '../../../core/donations/netting';
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
 * campaign's distributor wallet, 'direct' from anyone else. One row per transaction,
 * campaign, kind and sender, so a re-scan adds nothing twice and each donor has their own.
 * `lamports` is what counts (raised, backers, receipts, the CSVs); the parts that did not
 * count say why (issue 34), and with it they sum to what the sender's transfers carried.
 */
export const donations = pgTable('donations', {
  signature: text('signature').notNull(),
  campaignId: integer('campaign_id').notNull().references(() => campaigns.id, { onDelete: 'cascade' }),
  kind: text('kind').$type<DonationKind>().notNull(),
  fromWallet: text('from_wallet').notNull(),
  toWallet: text('to_wallet').notNull(),
  /** What counts. */
  lamports: bigint('lamports', { mode: 'bigint' }).notNull(),
  /** Not counted: the wallet gained less than came in (it sent SOL out in the same transaction, payouts first). */
  sameTxLamports: bigint('same_tx_lamports', { mode: 'bigint' }).notNull().default(sql`0`),
  /** Not counted: the donation wallet had sent it to the sender within the window before. */
  roundTripLamports: bigint('round_trip_lamports', { mode: 'bigint' }).notNull().default(sql`0`),
  /** Not counted: it reached the sender from a wallet the donation wallet had funded within the window. */
  hopLamports: bigint('hop_lamports', { mode: 'bigint' }).notNull().default(sql`0`),
  /** Not counted: the sender's history was too busy to trace where it came from. */
  uncheckedLamports: bigint('unchecked_lamports', { mode: 'bigint' }).notNull().default(sql`0`),
  slot: bigint('slot', { mode: 'bigint' }).notNull(),
  blockTime: timestamp('block_time', { withTimezone: true }).notNull(),
  indexedAt: timestamp('indexed_at', { withTimezone: true }).notNull().defaultNow(),
  // The platform's SOL/USD rate (SOL_USD) when the donation was indexed: a receipt's USD
  // figure is an estimate at the time, not today's. Null for rows indexed before it was kept.
  solUsd: numeric('sol_usd', { precision: 20, scale: 8 }),
}, (t) => [
  primaryKey({ columns: [t.signature, t.campaignId, t.kind, t.fromWallet] }),
  check('donations_kind', sql.raw(`kind in (${DONATION_KINDS.map((k) => `'${k}'`).join(', ')})`)),
  check('donations_parts', sql`${t.lamports} >= 0 and ${t.sameTxLamports} >= 0 and ${t.roundTripLamports} >= 0 and ${t.hopLamports} >= 0 and ${t.uncheckedLamports} >= 0`),
  check('donations_sent_positive', sql`${t.lamports} + ${t.sameTxLamports} + ${t.roundTripLamports} + ${t.hopLamports} + ${t.uncheckedLamports} > 0`),
  index('donations_campaign_time').on(t.campaignId, t.blockTime),
  // What campaigns have paid each verified charity (GET /api/charities sums these by wallet).
  index('donations_reward_to_wallet').on(t.toWallet).where(sql`${t.kind} = 'reward'`),
  // A donor's own donations (/account, its CSV, receipts by wallet), newest first.
  index('donations_direct_from_wallet_time').on(t.fromWallet, t.blockTime).where(sql`${t.kind} = 'direct'`),
]);

/**
 * A donation wallet's own SOL transfers out, recorded as the indexer reads its history: per
 * transaction and destination, what it sent less what that destination sent it back in
 * the same transaction. Platform addresses are left out (they never donate, nor pass SOL on).
 */
export const donationWalletOutflows = pgTable('donation_wallet_outflows', {
  wallet: text('wallet').notNull(),
  signature: text('signature').notNull(),
  destination: text('destination').notNull(),
  lamports: bigint('lamports', { mode: 'bigint' }).notNull(),
  slot: bigint('slot', { mode: 'bigint' }).notNull(),
  blockTime: timestamp('block_time', { withTimezone: true }).notNull(),
}, (t) => [
  primaryKey({ columns: [t.wallet, t.signature, t.destination] }),
  check('donation_wallet_outflows_positive', sql`${t.lamports} > 0`),
  index('donation_wallet_outflows_to').on(t.wallet, t.destination, t.blockTime),
  index('donation_wallet_outflows_time').on(t.wallet, t.blockTime),
]);

/**
 * What each direct donation was netted against: a credit (the donation wallet's own
 * transfer to the sender, or a funded wallet's transfer on to it) and how much of it this
 * gift used. A credit's uses never sum above it, so it nets once in all. Written with the
 * donation row, in the same transaction.
 */
export const donationNettings = pgTable('donation_nettings', {
  signature: text('signature').notNull(),
  campaignId: integer('campaign_id').notNull(),
  kind: text('kind').$type<DonationKind>().notNull(),
  fromWallet: text('from_wallet').notNull(),
  wallet: text('wallet').notNull(),
  creditKey: text('credit_key').notNull(),
  creditKind: text('credit_kind').$type<CreditKind>().notNull(),
  lamports: bigint('lamports', { mode: 'bigint' }).notNull(),
}, (t) => [
  primaryKey({ name: 'donation_nettings_pk', columns: [t.signature, t.campaignId, t.kind, t.fromWallet, t.creditKey] }),
  foreignKey({ name: 'donation_nettings_donation_fk', columns: [t.signature, t.campaignId, t.kind, t.fromWallet], foreignColumns: [donations.signature, donations.campaignId, donations.kind, donations.fromWallet] })
    .onDelete('cascade'),
  check('donation_nettings_positive', sql`${t.lamports} > 0`),
  check('donation_nettings_credit_kind', sql.raw(`credit_kind in (${CREDIT_KINDS.map((k) => `'${k}'`).join(', ')})`)),
  index('donation_nettings_credit').on(t.wallet, t.fromWallet, t.creditKey),
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

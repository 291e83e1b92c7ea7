import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// Signed-message challenges: one row per issued nonce. `used_at` is set in the same
// transaction that acts on the signature, so a signed message is used at most once.
// `purpose` keeps a message signed for one thing from being replayed for another.
export const authNonces = pgTable('auth_nonces', {
  nonce: text('nonce').primaryKey(),
  walletAddress: text('wallet_address').notNull(),
  purpose: text('purpose').$type<'sign_in' | 'donation_wallet'>().notNull().default('sign_in'),
  // donation_wallet: the creator whose campaigns the signing wallet lets count plain transfers.
  creatorWallet: text('creator_wallet'),
  message: text('message').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
}, (t) => [index('auth_nonces_expires_idx').on(t.expiresAt)]);

import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// Sign-in challenges: one row per issued nonce. `used_at` is set in the same transaction
// that opens the session, so a signed message can open at most one session.
export const authNonces = pgTable('auth_nonces', {
  nonce: text('nonce').primaryKey(),
  walletAddress: text('wallet_address').notNull(),
  message: text('message').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
}, (t) => [index('auth_nonces_expires_idx').on(t.expiresAt)]);

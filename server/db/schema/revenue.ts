import { bigint, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The treasury's balance change in one landed transaction (a launch sweep or a distributor
 * payout), read once from the chain (server/revenue/chainRevenue.ts). A landed transaction never
 * changes, so after a restart, or in another process, only new signatures are read. One row per
 * signature; a concurrent reader's insert of the same one is a no-op.
 */
export const revenueEntries = pgTable('revenue_entries', {
  signature: text('signature').primaryKey(),
  // The treasury the change was measured for: a row of another treasury is read again.
  treasury: text('treasury').notNull(),
  lamports: bigint('lamports', { mode: 'bigint' }).notNull(),
  // The chain's block time; null when the chain gave none.
  blockTime: timestamp('block_time', { withTimezone: true }),
  readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
});

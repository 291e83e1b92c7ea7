import { integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { adminAccounts } from './admin';

/** Addresses and ranges refused on every request (server/security/). */
export const ipBlocks = pgTable('ip_blocks', {
  id: serial('id').primaryKey(),
  // Canonical text (core/ipAddress.ts): '203.0.113.7' or '2001:db8::/32'.
  address: text('address').notNull().unique(),
  blockedByAdminId: integer('blocked_by_admin_id').references(() => adminAccounts.id, { onDelete: 'set null' }),
  // Kept as text too: the account may be deleted later, the record of who blocked stays.
  blockedByUsername: text('blocked_by_username').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

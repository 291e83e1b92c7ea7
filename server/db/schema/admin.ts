import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const adminAccounts = pgTable('admin_accounts', {
  id: serial('id').primaryKey(),
  username: text('username').notNull().unique(),
  // scrypt: "scrypt$N$r$p$salt_b64$hash_b64"
  passwordHash: text('password_hash').notNull(),
  failedAttempts: integer('failed_attempts').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const adminSessions = pgTable('admin_sessions', {
  id: serial('id').primaryKey(),
  adminId: integer('admin_id').notNull().references(() => adminAccounts.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  ipAddress: text('ip_address'),
  userAgent: text('user_agent'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  endedAt: timestamp('ended_at', { withTimezone: true }),
});

export const adminAuditLog = pgTable('admin_audit_log', {
  id: serial('id').primaryKey(),
  adminId: integer('admin_id').references(() => adminAccounts.id, { onDelete: 'set null' }),
  adminUsername: text('admin_username').notNull(),
  action: text('action').notNull(),
  target: text('target'),
  details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
  ipAddress: text('ip_address'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('admin_audit_log_created_idx').on(t.createdAt)]);

/**
 * The admin login throttle's failures, one row per source address ('a:…') and per submitted
 * username ('u:…') (auth/admin/loginThrottle.ts): in the database so every web process
 * meets the same throttle. Rows whose wait ended a window ago are pruned (jobs/pruneLimits.ts).
 */
export const adminLoginFailures = pgTable('admin_login_failures', {
  key: text('key').primaryKey(),
  // Failure times (ms) within the window, oldest first; only the newest few are kept.
  failures: jsonb('failures').$type<number[]>().notNull().default([]),
  // The key's next attempt is considered from then on.
  waitUntil: timestamp('wait_until', { withTimezone: true }).notNull(),
}, (t) => [index('admin_login_failures_wait_until').on(t.waitUntil)]);

import { customType, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

// node-postgres hands bytea back as a Buffer, PGlite as a Uint8Array: one shape for both.
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => value,
  fromDriver: (value) => Buffer.from(value),
});

// Platform keypairs, encrypted at rest (AES-256-GCM, server/keys/crypto.ts). Only the public
// key is in clear. `reference` ties a per-campaign key to its request ('' for the
// platform-wide ones), so there is at most one key per role and reference.
export const platformKeys = pgTable('platform_keys', {
  publicKey: text('public_key').primaryKey(),
  role: text('role').notNull(),
  reference: text('reference').notNull().default(''),
  ciphertext: bytea('ciphertext').notNull(),
  iv: bytea('iv').notNull(),
  authTag: bytea('auth_tag').notNull(),
  // The encryption scheme's version, so keys can be re-encrypted under a new one later.
  keyVersion: integer('key_version').notNull().default(1),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [uniqueIndex('platform_keys_role_reference').on(t.role, t.reference)]);

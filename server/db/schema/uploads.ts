import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { uploadKind } from './enums';

/**
 * Who uploaded which file, as what: one row per wallet and kind for the same bytes (a CID
 * is shared by everyone who uploads those bytes). It is how a verification request proves
 * its documents are the applicant's own, and it decides who may read a stored file
 * (policies/storedFiles.ts). Its sizes and client addresses are the daily upload quota
 * (policies/uploadLimits.ts), which so holds across every web process.
 */
export const uploads = pgTable('uploads', {
  id: serial('id').primaryKey(),
  cid: text('cid').notNull(),
  kind: uploadKind('kind').notNull(),
  uploadedBy: text('uploaded_by').notNull(),
  // The bytes entered our store through this upload, as a private kind: they were not there
  // already (public, or stored by the server itself), so uploading a public file as a
  // document can never hide it.
  isPrivate: boolean('is_private').notNull().default(false),
  // What the upload stored, and from where: the daily quota's figures. The address is kept
  // only for the quota's day (jobs/pruneLimits.ts); 0 and null on rows from before the quota.
  sizeBytes: integer('size_bytes').notNull().default(0),
  clientAddress: text('client_address'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('uploads_cid_kind_uploader_uq').on(t.cid, t.kind, t.uploadedBy),
  // The quota's day of uploads per wallet and per address, and the addresses still kept.
  index('uploads_uploader_created').on(t.uploadedBy, t.createdAt),
  index('uploads_client_address_created').on(t.clientAddress, t.createdAt).where(sql`client_address is not null`),
  index('uploads_address_kept').on(t.createdAt).where(sql`client_address is not null`),
]);

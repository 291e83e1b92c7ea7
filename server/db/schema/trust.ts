import { sql } from 'drizzle-orm';
import {
  boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex,
} from 'drizzle-orm/pg-core';
import { charityCategory, organizationType, reportStatus, reportType, verificationStatus } from './enums';

export const verificationRequests = pgTable('verification_requests', {
  id: serial('id').primaryKey(),
  campaignTicker: text('campaign_ticker'),
  campaignName: text('campaign_name'),
  tokenAddress: text('token_address'),
  organizationName: text('organization_name'),
  organizationType: organizationType('organization_type'),
  // Labelled 'X Handle' in the form (spec 2 section 3).
  registrationNumber: text('registration_number'),
  taxId: text('tax_id'),
  contactName: text('contact_name'),
  contactEmail: text('contact_email').notNull(),
  contactPhone: text('contact_phone'),
  contactRole: text('contact_role'),
  website: text('website'),
  twitter: text('twitter'),
  telegram: text('telegram'),
  discord: text('discord'),
  creatorWallet: text('creator_wallet').notNull(),
  donationWallet: text('donation_wallet'),
  description: text('description'),
  documents: jsonb('documents').$type<string[]>().notNull().default([]),
  status: verificationStatus('status').notNull().default('pending'),
  submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
  reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  reviewerNotes: text('reviewer_notes'),
}, (t) => [
  index('verification_requests_submitted_idx').on(t.submittedAt),
  index('verification_requests_creator_idx').on(t.creatorWallet, t.submittedAt),
  // One pending request per campaign, and one pending pre-verification (no campaign) per wallet:
  // the database refuses a second even when two submissions race.
  uniqueIndex('verification_requests_pending_campaign_uq').on(t.tokenAddress).where(sql`${t.status} = 'pending' and ${t.tokenAddress} is not null`),
  uniqueIndex('verification_requests_pending_pre_uq').on(t.creatorWallet).where(sql`${t.status} = 'pending' and ${t.tokenAddress} is null`),
]);

export const campaignReports = pgTable('campaign_reports', {
  id: serial('id').primaryKey(),
  campaignTicker: text('campaign_ticker').notNull(),
  // The reported campaign's mint (tickers are not unique): 'Open campaign' and the flag use it.
  tokenAddress: text('token_address'),
  reportType: reportType('report_type').notNull(),
  description: text('description').notNull(),
  evidence: text('evidence'),
  contactEmail: text('contact_email'),
  xHandle: text('x_handle'),
  telegramHandle: text('telegram_handle'),
  status: reportStatus('status').notNull().default('pending'),
  submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
  adminNotes: text('admin_notes'),
  resolution: text('resolution'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('campaign_reports_submitted_idx').on(t.submittedAt),
  // The admin tabs: one status (or two) newest first.
  index('campaign_reports_status_submitted_idx').on(t.status, t.submittedAt),
]);

export const verifiedCharities = pgTable('verified_charities', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  website: text('website').notNull(),
  websiteUrl: text('website_url'),
  walletAddress: text('wallet_address').notNull().unique(),
  category: charityCategory('category').notNull(),
  logo: text('logo'),
  description: text('description'),
  isActive: boolean('is_active').notNull().default(true),
  // Sample organisations seeded for local use; an operator replaces them with real ones.
  isSample: boolean('is_sample').notNull().default(false),
  displayOrder: integer('display_order').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

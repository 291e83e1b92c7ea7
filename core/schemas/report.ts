// Campaign reports (spec 2 sections 2.4, 2.12, 3, 4, 5, 8): the public form and the
// admin's review, shared by the /report page, the admin page and the server.

import { FLAG_REASON_MESSAGES, flagReason, hasFlagReason } from './moderation';
import { z } from 'zod';
import { REPORT_STATUSES, REPORT_TYPES, type ReportStatus } from '../enums';
import { isSolanaAddress, isTelegramUrlOrHandle, isTwitterUrlOrHandle } from './creation';

export const REPORT_DESCRIPTION_MIN = 50;
export const REPORT_DESCRIPTION_MAX = 5000;
export const REPORT_EVIDENCE_MAX = 2000;
// The spec puts no bound on notes and resolution; this one only keeps a row sane.
export const REPORT_NOTES_MAX = 10_000;
const EMAIL_MAX = 254;
const HANDLE_MAX = 100;

export const REPORT_MESSAGES = {
  missingTitle: 'Missing Required Fields',
  missing: 'Please fill in all required fields',
  agreementTitle: 'Agreement Required',
  agreement: 'You must agree to the terms to submit a report',
  descriptionShort: `Description must be at least ${REPORT_DESCRIPTION_MIN} characters`,
  // The form's own words before anything is sent: what to do, not a failure to retry.
  descriptionShortTitle: 'Description too short',
  descriptionShortHint: (length: number) => `Write at least ${REPORT_DESCRIPTION_MIN} characters so the team can act on it (${length} so far).`,
  descriptionLong: `Description must be at most ${REPORT_DESCRIPTION_MAX} characters`,
  evidenceLong: `Evidence must be at most ${REPORT_EVIDENCE_MAX} characters`,
  email: 'Please enter a valid email address',
  xHandle: 'Please enter a valid X handle (e.g. @username) or profile link',
  telegramHandle: 'Please enter a valid Telegram handle (e.g. @username) or t.me link',
  campaignNotFound: "The campaign you're reporting doesn't exist",
  successTitle: 'Report Submitted',
  success: 'Thank you for your report. Our team will review it within 24-48 hours.',
  failureTitle: 'Submission Failed',
  failure: 'Failed to submit report. Please try again.',
  statusRequired: 'Please choose a status',
  notesLong: `Admin notes must be at most ${REPORT_NOTES_MAX} characters`,
  resolutionLong: `Resolution must be at most ${REPORT_NOTES_MAX} characters`,
  updatedTitle: 'Status Updated',
  updated: (status: string) => `Report status changed to ${status}`,
  updateFailedTitle: 'Update Failed',
  updateFailed: 'Failed to update report status',
  loadFailed: 'Failed to load reports',
} as const;

// A blank optional field is no value.
const optionalText = (max: number, message: string, valid?: (value: string) => boolean, invalid?: string) =>
  z.string({ error: message }).trim().max(max, message)
    .refine((v) => !v || !valid || valid(v), invalid ?? message)
    .transform((v) => v || null).nullish();

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** POST /api/reports: what a visitor sends from /report. */
export const ReportCreate = z.object({
  // The reported campaign's mint; the server looks up its ticker (tickers are not unique).
  token_address: z.string({ error: REPORT_MESSAGES.missing }).trim().min(1, REPORT_MESSAGES.missing)
    .refine(isSolanaAddress, REPORT_MESSAGES.campaignNotFound),
  // One of the spec's eight report types.
  report_type: z.enum(REPORT_TYPES, { error: REPORT_MESSAGES.missing }),
  // What happened, in the reporter's words; at least 50 characters (the form's hint, enforced here).
  description: z.string({ error: REPORT_MESSAGES.missing }).trim().min(1, REPORT_MESSAGES.missing)
    .min(REPORT_DESCRIPTION_MIN, REPORT_MESSAGES.descriptionShort).max(REPORT_DESCRIPTION_MAX, REPORT_MESSAGES.descriptionLong),
  // Links or other evidence, optional.
  evidence: optionalText(REPORT_EVIDENCE_MAX, REPORT_MESSAGES.evidenceLong),
  // Where the team may answer the reporter, optional.
  contact_email: optionalText(EMAIL_MAX, REPORT_MESSAGES.email, (v) => EMAIL.test(v)),
  x_handle: optionalText(HANDLE_MAX, REPORT_MESSAGES.xHandle, isTwitterUrlOrHandle),
  telegram_handle: optionalText(HANDLE_MAX, REPORT_MESSAGES.telegramHandle, isTelegramUrlOrHandle),
  // The agreement checkbox: must be exactly true.
  agree: z.literal(true, { error: REPORT_MESSAGES.agreement }),
});
export type ReportCreateInput = z.input<typeof ReportCreate>;
export type ReportCreate = z.output<typeof ReportCreate>;

/** The admin tabs' status filters; 'closed' is the Resolved tab (resolved plus dismissed). */
export const REPORT_STATUS_FILTERS = [...REPORT_STATUSES, 'closed', 'all'] as const;
export type ReportStatusFilter = (typeof REPORT_STATUS_FILTERS)[number];
export const statusesOf = (filter: ReportStatusFilter): readonly ReportStatus[] =>
  filter === 'all' ? REPORT_STATUSES : filter === 'closed' ? ['resolved', 'dismissed'] : [filter];

export const REPORT_PAGE_MAX = 100;

/** GET /api/admin/reports?status=&limit=&offset= */
export const ReportListQuery = z.object({
  status: z.enum(REPORT_STATUS_FILTERS, { error: `status must be one of: ${REPORT_STATUS_FILTERS.join(', ')}` }).default('all'),
  limit: z.coerce.number({ error: 'limit must be a number' }).int('limit must be a whole number')
    .min(1, 'limit must be at least 1').max(REPORT_PAGE_MAX, `limit must be at most ${REPORT_PAGE_MAX}`).default(50),
  offset: z.coerce.number({ error: 'offset must be a number' }).int('offset must be a whole number').min(0, 'offset must be 0 or more').default(0),
});
export type ReportListQuery = z.infer<typeof ReportListQuery>;

const notes = (message: string) => z.string({ error: message }).trim().max(REPORT_NOTES_MAX, message).transform((v) => v || null).nullish();

/** PATCH /api/admin/reports/{id}: any status from any status; notes and resolution left out stay as they are. */
export const ReportUpdate = z.object({
  status: z.enum(REPORT_STATUSES, { error: REPORT_MESSAGES.statusRequired }),
  admin_notes: notes(REPORT_MESSAGES.notesLong),
  resolution: notes(REPORT_MESSAGES.resolutionLong),
});
export type ReportUpdateInput = z.input<typeof ReportUpdate>;
export type ReportUpdate = z.output<typeof ReportUpdate>;

/** POST /api/admin/reports/{id}/flag-campaign: flag (the default, with its reason) or unflag the reported campaign. */
export const ReportFlagCampaign = z.object({
  flagged: z.boolean({ error: 'flagged must be true or false' }).default(true),
  reason: flagReason,
}).refine(hasFlagReason, { message: FLAG_REASON_MESSAGES.required, path: ['reason'] });

export const REPORT_STATUS_LABELS: Record<ReportStatus, string> = {
  pending: 'Pending',
  investigating: 'Investigating',
  resolved: 'Resolved',
  dismissed: 'Dismissed',
};

/** The counts the admin page's summary cards and tabs show. */
export type ReportCounts = { total: number; pending: number; investigating: number; resolved: number; dismissed: number };

// The verification application (spec 2 sections 2.3, 3, 5, 8) and its admin review,
// shared by the form and the server so both refuse the same input with the same words.
// Field names are the spec's snake_case columns.

import { z } from 'zod';
import { ORGANIZATION_TYPES, VERIFICATION_STATUSES } from '../enums';
import { isSolanaAddress, isWebsiteUrl } from './creation';

/** Spec 2 section 2.11 and 9: the 'requests' filter lists unverified campaigns with more than this many backers. */
export const VERIFICATION_BACKERS_THRESHOLD = 50;
/** Applications a wallet may submit per hour (the spec sets none; this keeps the review queue clean). */
export const VERIFICATION_REQUESTS_PER_HOUR = 5;
export const VERIFICATION_TEXT_MAX = 200;
export const VERIFICATION_DESCRIPTION_MAX = 5000;
export const REVIEW_NOTES_MAX = 2000;
export const VERIFICATION_DOCUMENTS_MAX = 5;
export const DEFAULT_APPROVE_NOTES = 'Approved by admin';
export const DEFAULT_REJECT_NOTES = 'Rejected by admin';

export const VERIFICATION_MESSAGES = {
  emailRequired: 'Please provide your contact email',
  emailInvalid: 'Please provide a valid contact email',
  nameRequired: 'Please provide your contact name',
  agreements: 'You must agree to the terms and verification process',
  notCreator: 'You can only apply for verification for your own campaigns',
  campaignNotFound: "The campaign you're trying to verify doesn't exist",
  alreadyPending: 'A verification request for this campaign is already pending review',
  alreadyPendingPre: 'You already have a pre-verification request pending review',
  alreadyVerified: 'This campaign is already verified',
  tooMany: `You can submit at most ${VERIFICATION_REQUESTS_PER_HOUR} verification requests per hour. Please try again later.`,
  website: 'Please enter a valid website URL',
  donationWallet: 'Invalid Solana wallet address',
  tooLong: `Each field can be at most ${VERIFICATION_TEXT_MAX} characters`,
  descriptionMax: `Description can be at most ${VERIFICATION_DESCRIPTION_MAX} characters`,
  documents: `You can attach at most ${VERIFICATION_DOCUMENTS_MAX} documents`,
  documentNotOurs: 'Supporting documents must be PDFs or images uploaded here',
  documentNotYours: 'Supporting documents must be files you uploaded',
  notPending: 'This verification request has already been reviewed',
  notFound: 'Verification request not found',
} as const;
const M = VERIFICATION_MESSAGES;

// Optional free text: blank is absent (stored as null).
const text = (max = VERIFICATION_TEXT_MAX, message: string = M.tooLong) =>
  z.string({ error: message }).trim().max(max, message).transform((s) => s || null).nullish();

// The agreements must be exactly true; anything else (missing, false, "true") is refused with the spec's words.
const agreement = z.literal(true, { error: M.agreements });

/** POST /api/verification-requests. creator_wallet is never read from the body: it is the session wallet. */
export const VerificationRequestCreate = z.object({
  // With a campaign: its token address; the server takes ticker and name from the campaign row.
  token_address: z.string({ error: M.campaignNotFound }).trim().max(64, M.campaignNotFound).transform((s) => s || null).nullish(),
  // Pre-verification (no token address): the ticker the applicant plans to launch, if any.
  campaign_ticker: text(20),
  campaign_name: text(),
  contact_email: z.string({ error: M.emailRequired }).trim().min(1, M.emailRequired).max(254, M.emailInvalid).pipe(z.email({ error: M.emailInvalid })),
  contact_name: z.string({ error: M.nameRequired }).trim().min(1, M.nameRequired).max(VERIFICATION_TEXT_MAX, M.tooLong),
  agree_accuracy: agreement,
  agree_cooperation: agreement,
  organization_name: text(),
  organization_type: z.enum(ORGANIZATION_TYPES, { error: 'Please choose an organization type' }).nullish(),
  // Labelled 'X Handle' in the form (spec 2 section 3).
  registration_number: text(),
  tax_id: text(),
  contact_phone: text(40),
  contact_role: text(),
  website: text().refine((v) => !v || isWebsiteUrl(v), { message: M.website }),
  twitter: text(),
  telegram: text(),
  discord: text(),
  donation_wallet: text(64).refine((v) => !v || isSolanaAddress(v), { message: M.donationWallet }),
  description: text(VERIFICATION_DESCRIPTION_MAX, M.descriptionMax),
  // Supporting documents: URLs of PDFs or images uploaded through POST /api/uploads (the server checks each is one of ours).
  documents: z.array(z.string({ error: M.documentNotOurs }).trim().min(1, M.documentNotOurs).max(2048, M.documentNotOurs), { error: M.documents })
    .max(VERIFICATION_DOCUMENTS_MAX, M.documents).default([]),
});
export type VerificationRequestCreate = z.input<typeof VerificationRequestCreate>;
export type VerificationRequestInput = z.output<typeof VerificationRequestCreate>;

/** POST /api/admin/verification-requests/{id}/approve|reject: optional notes (blank means the default). */
export const VerificationReview = z.object({
  notes: z.string({ error: `Notes can be at most ${REVIEW_NOTES_MAX} characters` }).trim()
    .max(REVIEW_NOTES_MAX, `Notes can be at most ${REVIEW_NOTES_MAX} characters`).nullish(),
});

export const VerificationListQuery = z.object({
  status: z.enum([...VERIFICATION_STATUSES, 'all'], { error: `status must be one of ${VERIFICATION_STATUSES.join(', ')} or all` }).default('all'),
  limit: z.coerce.number({ error: 'limit must be a whole number from 1 to 100' }).int().min(1).max(100).default(50),
  offset: z.coerce.number({ error: 'offset must be a whole number, 0 or more' }).int().min(0).max(1_000_000).default(0),
});

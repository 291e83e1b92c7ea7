import type { verificationRequests } from '../db/schema';

export type VerificationRequestRow = typeof verificationRequests.$inferSelect;

/** A verification request under the spec's field names (spec 2 section 3). */
export function presentVerificationRequest(row: VerificationRequestRow) {
  return {
    id: row.id,
    campaign_ticker: row.campaignTicker,
    campaign_name: row.campaignName,
    token_address: row.tokenAddress,
    organization_name: row.organizationName,
    organization_type: row.organizationType,
    registration_number: row.registrationNumber,
    tax_id: row.taxId,
    contact_name: row.contactName,
    contact_email: row.contactEmail,
    contact_phone: row.contactPhone,
    contact_role: row.contactRole,
    website: row.website,
    twitter: row.twitter,
    telegram: row.telegram,
    discord: row.discord,
    creator_wallet: row.creatorWallet,
    donation_wallet: row.donationWallet,
    description: row.description,
    documents: row.documents,
    status: row.status,
    submitted_at: row.submittedAt.toISOString(),
    reviewed_at: row.reviewedAt?.toISOString() ?? null,
    reviewer_notes: row.reviewerNotes,
  };
}
export type VerificationRequestJson = ReturnType<typeof presentVerificationRequest>;

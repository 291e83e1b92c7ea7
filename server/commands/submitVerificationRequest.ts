import type { VerificationRequestInput } from '../../core/schemas/verification';
import { VERIFICATION_MESSAGES } from '../../core/schemas/verification';
import { verificationRequests } from '../db/schema';
import { isUniqueViolation } from '../db/uniqueViolation';
import { conflict } from '../http/errors';
import type { CampaignRow } from '../presenters/campaign';
import type { VerificationRequestRow } from '../presenters/verificationRequest';
import type { Services } from '../services';

/**
 * Stores a pending verification request for the session wallet. With a campaign, its
 * ticker, name and token address come from the campaign row, never from the form. The
 * partial unique indexes refuse a second pending request (even when two submissions race).
 */
export async function submitVerificationRequest(
  services: Services,
  props: { wallet: string; input: VerificationRequestInput; campaign: CampaignRow | null },
): Promise<VerificationRequestRow> {
  const { wallet, input, campaign } = props;
  const { agree_accuracy: _a, agree_cooperation: _c, token_address: _t, ...fields } = input;
  try {
    const [row] = await services.db.insert(verificationRequests).values({
      campaignTicker: campaign ? campaign.ticker : fields.campaign_ticker?.toUpperCase() ?? null,
      campaignName: campaign ? campaign.title ?? campaign.name : fields.campaign_name ?? null,
      tokenAddress: campaign?.tokenAddress ?? null,
      organizationName: fields.organization_name ?? null,
      organizationType: fields.organization_type ?? null,
      registrationNumber: fields.registration_number ?? null,
      taxId: fields.tax_id ?? null,
      contactName: fields.contact_name,
      contactEmail: fields.contact_email,
      contactPhone: fields.contact_phone ?? null,
      contactRole: fields.contact_role ?? null,
      website: fields.website ?? null,
      twitter: fields.twitter ?? null,
      telegram: fields.telegram ?? null,
      discord: fields.discord ?? null,
      creatorWallet: wallet,
      donationWallet: fields.donation_wallet ?? null,
      description: fields.description ?? null,
      documents: fields.documents,
      status: 'pending',
      submittedAt: services.now(),
    }).returning();
    return row!;
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(campaign ? VERIFICATION_MESSAGES.alreadyPending : VERIFICATION_MESSAGES.alreadyPendingPre);
    throw err;
  }
}

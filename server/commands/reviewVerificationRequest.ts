import { and, eq, inArray } from 'drizzle-orm';
import { DEFAULT_APPROVE_NOTES, DEFAULT_REJECT_NOTES, VERIFICATION_MESSAGES } from '../../core/schemas/verification';
import { campaigns, verificationRequests } from '../db/schema';
import { conflict, notFound } from '../http/errors';
import type { VerificationRequestRow } from '../presenters/verificationRequest';
import type { Services } from '../services';
import { adminWrite, type AdminActor } from './adminWrite';

export type ReviewDecision = 'approve' | 'reject';
type Reviewed = { request: VerificationRequestRow; verifiedCampaigns: { id: number; tokenAddress: string | null }[] };

/**
 * Approves or rejects a pending verification request (spec 2 section 4): status, reviewed_at
 * and notes (the spec's defaults when blank). Approval sets `verified` on the matching
 * campaign: by token address, or for a pre-verification by ticker among the applicant's
 * own campaigns (a ticker is not unique, so never anyone else's). Audited; only while pending.
 */
export async function reviewVerificationRequest(
  services: Services, actor: AdminActor, props: { id: number; decision: ReviewDecision; notes?: string | null },
): Promise<Reviewed> {
  const { id, decision } = props;
  const approve = decision === 'approve';
  const notes = props.notes?.trim() || (approve ? DEFAULT_APPROVE_NOTES : DEFAULT_REJECT_NOTES);
  const result = await adminWrite(services.db, actor, (r: Reviewed) => ({
    action: approve ? 'verification_approved' : 'verification_rejected',
    target: `verification_request:${id}`,
    details: {
      before: { status: 'pending' },
      after: { status: r.request.status, reviewer_notes: r.request.reviewerNotes },
      campaign_ticker: r.request.campaignTicker,
      token_address: r.request.tokenAddress,
      verified_campaign_ids: r.verifiedCampaigns.map((c) => c.id),
    },
  }), async (tx) => {
    // The status condition makes the decision once: a second review (or a race) updates nothing.
    const [request] = await tx.update(verificationRequests)
      .set({ status: approve ? 'approved' : 'rejected', reviewedAt: services.now(), reviewerNotes: notes })
      .where(and(eq(verificationRequests.id, id), eq(verificationRequests.status, 'pending'))).returning();
    if (!request) {
      const [exists] = await tx.select({ id: verificationRequests.id }).from(verificationRequests).where(eq(verificationRequests.id, id));
      throw exists ? conflict(VERIFICATION_MESSAGES.notPending) : notFound(VERIFICATION_MESSAGES.notFound);
    }
    if (!approve) return { request, verifiedCampaigns: [] };
    const match = request.tokenAddress
      ? eq(campaigns.tokenAddress, request.tokenAddress)
      : request.campaignTicker
        ? and(eq(campaigns.ticker, request.campaignTicker.toUpperCase()), eq(campaigns.creatorWallet, request.creatorWallet))
        : undefined;
    if (!match) return { request, verifiedCampaigns: [] };
    const ids = (await tx.select({ id: campaigns.id }).from(campaigns).where(match)).map((c) => c.id);
    const verifiedCampaigns = ids.length === 0 ? [] : await tx.update(campaigns).set({ verified: true })
      .where(inArray(campaigns.id, ids)).returning({ id: campaigns.id, tokenAddress: campaigns.tokenAddress });
    return { request, verifiedCampaigns };
  });
  await services.events.publish({ type: 'verification_request_reviewed', id });
  for (const campaign of result.verifiedCampaigns) {
    await services.events.publish({ type: 'campaign_moderated', id: campaign.id, tokenAddress: campaign.tokenAddress });
  }
  return result;
}

import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import { DEFAULT_APPROVE_NOTES, DEFAULT_REJECT_NOTES, VERIFICATION_MESSAGES } from '../../core/schemas/verification';
import { campaigns, verificationRequests } from '../db/schema';
import { conflict, notFound } from '../http/errors';
import type { VerificationRequestRow } from '../presenters/verificationRequest';
import type { Services } from '../services';
import { adminWrite, type AdminActor } from './adminWrite';

export type ReviewDecision = 'approve' | 'reject';
type MatchedCampaign = { id: number; tokenAddress: string | null; verified: boolean };
type Reviewed = {
  request: VerificationRequestRow;
  verifiedCampaigns: { id: number; tokenAddress: string | null }[];
  /** The request and its matched campaigns as they were before the review (for the audit row). */
  before: { request: VerificationRequestRow; campaigns: MatchedCampaign[] };
};

/**
 * Approves or rejects a pending verification request (spec 2 section 4): status, reviewed_at
 * and notes (the spec's defaults when blank). Approval sets `verified` on the matching
 * campaign: by token address, or for a pre-verification by ticker among the applicant's
 * own campaigns (a ticker is not unique, so never anyone else's). A pre-verification that
 * verified a campaign here is linked to it (its token address), so it is used up; one that
 * matched none waits for the launch (saveLaunchedCampaign). Audited with the real before and
 * after of the request and of each matched campaign; only while pending.
 */
export async function reviewVerificationRequest(
  services: Services, actor: AdminActor, props: { id: number; decision: ReviewDecision; notes?: string | null },
): Promise<Reviewed> {
  const { id, decision } = props;
  const approve = decision === 'approve';
  const notes = props.notes?.trim() || (approve ? DEFAULT_APPROVE_NOTES : DEFAULT_REJECT_NOTES);
  const result = await adminWrite(services.db, actor, (r: Reviewed) => {
    const verifiedIds = new Set(r.verifiedCampaigns.map((c) => c.id));
    return {
      action: approve ? 'verification_approved' : 'verification_rejected',
      target: `verification_request:${id}`,
      details: {
        before: {
          status: r.before.request.status, reviewer_notes: r.before.request.reviewerNotes, token_address: r.before.request.tokenAddress,
          campaigns: r.before.campaigns.map((c) => ({ id: c.id, token_address: c.tokenAddress, verified: c.verified })),
        },
        after: {
          status: r.request.status, reviewer_notes: r.request.reviewerNotes, token_address: r.request.tokenAddress,
          campaigns: r.before.campaigns.map((c) => ({ id: c.id, token_address: c.tokenAddress, verified: c.verified || verifiedIds.has(c.id) })),
        },
        campaign_ticker: r.request.campaignTicker,
        token_address: r.request.tokenAddress,
        verified_campaign_ids: r.verifiedCampaigns.map((c) => c.id),
      },
    };
  }, async (tx): Promise<Reviewed> => {
    // Locked, so the before we record is the row the update changes.
    const [before] = await tx.select().from(verificationRequests).where(eq(verificationRequests.id, id)).for('update');
    if (!before) throw notFound(VERIFICATION_MESSAGES.notFound);
    // The status condition makes the decision once: a second review (or a race) updates nothing.
    const [reviewed] = await tx.update(verificationRequests)
      .set({ status: approve ? 'approved' : 'rejected', reviewedAt: services.now(), reviewerNotes: notes })
      .where(and(eq(verificationRequests.id, id), eq(verificationRequests.status, 'pending'))).returning();
    if (!reviewed) throw conflict(VERIFICATION_MESSAGES.notPending);
    const match = matchOf(reviewed);
    const matched: MatchedCampaign[] = match
      ? await tx.select({ id: campaigns.id, tokenAddress: campaigns.tokenAddress, verified: campaigns.verified })
        .from(campaigns).where(match).orderBy(asc(campaigns.id)).for('update')
      : [];
    if (!approve || matched.length === 0) return { request: reviewed, verifiedCampaigns: [], before: { request: before, campaigns: matched } };
    const verifiedCampaigns = await tx.update(campaigns).set({ verified: true })
      .where(inArray(campaigns.id, matched.map((c) => c.id))).returning({ id: campaigns.id, tokenAddress: campaigns.tokenAddress });
    let request = reviewed;
    if (!reviewed.tokenAddress && matched[0]!.tokenAddress) {
      [request] = await tx.update(verificationRequests).set({ tokenAddress: matched[0]!.tokenAddress })
        .where(eq(verificationRequests.id, id)).returning() as [VerificationRequestRow];
    }
    return { request, verifiedCampaigns, before: { request: before, campaigns: matched } };
  });
  await services.events.publish({ type: 'verification_request_reviewed', id });
  for (const campaign of result.verifiedCampaigns) {
    await services.events.publish({ type: 'campaign_moderated', id: campaign.id, tokenAddress: campaign.tokenAddress });
  }
  return result;
}

/** The campaigns a request names: its token address, or a pre-verification's ticker among the applicant's own campaigns. */
function matchOf(request: VerificationRequestRow): SQL | undefined {
  if (request.tokenAddress) return eq(campaigns.tokenAddress, request.tokenAddress);
  if (request.campaignTicker) {
    return and(eq(campaigns.ticker, request.campaignTicker.toUpperCase()), eq(campaigns.creatorWallet, request.creatorWallet));
  }
  return undefined;
}

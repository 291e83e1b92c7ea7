import { and, count, desc, eq, inArray, or, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { VerificationListQuery, VerificationReview } from '../../../core/schemas/verification';
import { reviewVerificationRequest, type ReviewDecision } from '../../commands/reviewVerificationRequest';
import { campaigns, verificationRequests } from '../../db/schema';
import { parseInput } from '../../http/validate';
import { adminActor, requireAdmin } from '../../policies/admin';
import { presentCampaign, type CampaignRow } from '../../presenters/campaign';
import { presentVerificationRequest } from '../../presenters/verificationRequest';
import type { RouteOptions } from '../../services';

const ID_MESSAGE = 'id must be a positive whole number';
const IdParams = z.object({ id: z.coerce.number({ error: ID_MESSAGE }).int(ID_MESSAGE).min(1, ID_MESSAGE).max(2_147_483_647, ID_MESSAGE) });

/**
 * The admin review of verification requests (spec 2 sections 2.11 and 4): the list newest
 * first, each with its campaign's live figures, and approve / reject while pending.
 */
export const adminVerificationRoutes: FastifyPluginAsync<RouteOptions> = async (app, { services }) => {
  const { db } = services;
  const admin = { preHandler: requireAdmin(services) };
  const solUsd = services.env.SOL_USD;

  app.get('/admin/verification-requests', admin, async (request) => {
    const { status, limit, offset } = parseInput(VerificationListQuery, request.query);
    const where = status === 'all' ? undefined : eq(verificationRequests.status, status);
    const [rows, [total], byStatus] = await Promise.all([
      db.select().from(verificationRequests).where(where)
        .orderBy(desc(verificationRequests.submittedAt), desc(verificationRequests.id)).limit(limit).offset(offset),
      db.select({ n: count() }).from(verificationRequests).where(where),
      db.select({ status: verificationRequests.status, n: count() }).from(verificationRequests).groupBy(verificationRequests.status),
    ]);
    const linked = await campaignsOf(rows);
    return {
      requests: rows.map((row) => {
        const campaign = linked.find((c) => (row.tokenAddress ? c.tokenAddress === row.tokenAddress
          : c.ticker === row.campaignTicker?.toUpperCase() && c.creatorWallet === row.creatorWallet));
        return { ...presentVerificationRequest(row), campaign: campaign ? presentCampaign(campaign, { solUsd }) : null };
      }),
      total: total?.n ?? 0,
      counts: Object.fromEntries(byStatus.map((s) => [s.status, s.n])),
    };
  });

  const review = (decision: ReviewDecision) => async (request: FastifyRequest) => {
    const { id } = parseInput(IdParams, request.params);
    const { notes } = parseInput(VerificationReview, request.body);
    const { request: row, verifiedCampaigns } = await reviewVerificationRequest(services, adminActor(request), { id, decision, notes });
    return { ...presentVerificationRequest(row), verified_campaign_ids: verifiedCampaigns.map((c) => c.id) };
  };
  app.post('/admin/verification-requests/:id/approve', admin, review('approve'));
  app.post('/admin/verification-requests/:id/reject', admin, review('reject'));

  /** The campaigns the rows refer to, in one query: by token address, or a pre-verification's ticker among the applicant's campaigns. */
  async function campaignsOf(rows: (typeof verificationRequests.$inferSelect)[]): Promise<CampaignRow[]> {
    const conditions: SQL[] = [];
    const mints = rows.flatMap((r) => (r.tokenAddress ? [r.tokenAddress] : []));
    if (mints.length > 0) conditions.push(inArray(campaigns.tokenAddress, mints));
    for (const r of rows) {
      if (!r.tokenAddress && r.campaignTicker) conditions.push(and(eq(campaigns.ticker, r.campaignTicker.toUpperCase()), eq(campaigns.creatorWallet, r.creatorWallet))!);
    }
    if (conditions.length === 0) return [];
    return db.select().from(campaigns).where(or(...conditions));
  }
};

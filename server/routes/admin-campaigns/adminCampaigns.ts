import { and, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { CampaignModeration, ModerationListQuery, type ModerationFilter } from '../../../core/schemas/moderation';
import { moderateCampaign } from '../../commands/moderateCampaign';
import { campaignReports, campaigns, verificationRequests } from '../../db/schema';
import { campaignSearchDocument } from '../../db/schema/campaignSearch';
import { notFound } from '../../http/errors';
import { parseInput } from '../../http/validate';
import { adminActor, requireAdmin } from '../../policies/admin';
import { CAMPAIGN_NOT_FOUND } from '../../policies/campaigns';
import { presentCampaign } from '../../presenters/campaign';
import { presentVerificationRequest } from '../../presenters/verificationRequest';
import type { RouteOptions } from '../../services';
import { wantsVerification } from './wantsVerification';

const ID_MESSAGE = 'id must be a positive whole number';
const IdParams = z.object({ id: z.coerce.number({ error: ID_MESSAGE }).int(ID_MESSAGE).min(1, ID_MESSAGE).max(2_147_483_647, ID_MESSAGE) });
const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);


const FILTERS: Record<ModerationFilter, SQL | undefined> = {
  all: undefined,
  verified: sql`${campaigns.verified}`,
  unverified: sql`not ${campaigns.verified}`,
  flagged: sql`${campaigns.flagged}`,
  requests: wantsVerification,
};

/**
 * The reports about one campaign: by token address, since tickers are not unique; by ticker
 * only for rows stored before reports kept the token address (and for a campaign without one).
 */
function reportsAbout(row: { ticker: string; tokenAddress: string | null }): SQL | undefined {
  const legacy = and(isNull(campaignReports.tokenAddress), eq(campaignReports.campaignTicker, row.ticker));
  return row.tokenAddress ? or(eq(campaignReports.tokenAddress, row.tokenAddress), legacy) : legacy;
}

/**
 * Campaign moderation (/xk9j2m4p/campaigns): every campaign (test and flagged ones too),
 * filtered, searched and paged on the server with the stat counts; one campaign's detail
 * with its reports and verification requests; PATCH verified / flagged.
 */
export const adminCampaignsRoutes: FastifyPluginAsync<RouteOptions> = async (app, { services }) => {
  const { db } = services;
  const admin = { preHandler: requireAdmin(services) };
  const solUsd = services.env.SOL_USD;

  app.get('/admin/campaigns', admin, async (request) => {
    const { filter, search, limit, offset } = parseInput(ModerationListQuery, request.query);
    const searched = search
      ? or(ilike(campaignSearchDocument(campaigns), `%${likeEscape(search)}%`), eq(campaigns.tokenAddress, search), eq(campaigns.creatorWallet, search))
      : undefined;
    const counted = (condition: SQL | undefined) => sql<number>`(count(*) filter (where ${condition ?? sql`true`}))::int`;
    const [rows, [counts]] = await Promise.all([
      db.select().from(campaigns).where(and(FILTERS[filter], searched))
        .orderBy(desc(campaigns.createdAt), desc(campaigns.id)).limit(limit).offset(offset),
      // Every tab's count for the same search, in one pass.
      db.select({
        all: counted(undefined), verified: counted(FILTERS.verified), unverified: counted(FILTERS.unverified),
        flagged: counted(FILTERS.flagged), requests: counted(FILTERS.requests),
      }).from(campaigns).where(searched),
    ]);
    const mints = rows.flatMap((r) => (r.tokenAddress ? [r.tokenAddress] : []));
    const pending = mints.length === 0 ? [] : await db.select({ id: verificationRequests.id, tokenAddress: verificationRequests.tokenAddress })
      .from(verificationRequests).where(and(inArray(verificationRequests.tokenAddress, mints), eq(verificationRequests.status, 'pending')));
    return {
      campaigns: rows.map((row) => ({
        ...presentCampaign(row, { solUsd }),
        pending_request_id: pending.find((p) => p.tokenAddress === row.tokenAddress)?.id ?? null,
      })),
      total: counts![filter],
      counts,
    };
  });

  app.get('/admin/campaigns/:id', admin, async (request) => {
    const { id } = parseInput(IdParams, request.params);
    const [row] = await db.select().from(campaigns).where(eq(campaigns.id, id));
    if (!row) throw notFound(CAMPAIGN_NOT_FOUND);
    const [reports, requests] = await Promise.all([
      db.select().from(campaignReports).where(reportsAbout(row)).orderBy(desc(campaignReports.submittedAt)).limit(50),
      row.tokenAddress
        ? db.select().from(verificationRequests).where(eq(verificationRequests.tokenAddress, row.tokenAddress)).orderBy(desc(verificationRequests.submittedAt)).limit(20)
        : Promise.resolve([]),
    ]);
    return {
      campaign: presentCampaign(row, { solUsd }),
      reports: reports.map((r) => ({
        id: r.id, report_type: r.reportType, status: r.status, description: r.description, submitted_at: r.submittedAt.toISOString(),
      })),
      verification_requests: requests.map(presentVerificationRequest),
    };
  });

  app.patch('/admin/campaigns/:id', admin, async (request) => {
    const { id } = parseInput(IdParams, request.params);
    const changes = parseInput(CampaignModeration, request.body);
    const row = await moderateCampaign(services, adminActor(request), id, changes);
    return presentCampaign(row, { solUsd });
  });
};

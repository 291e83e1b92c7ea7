import { count, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { ReportFlagCampaign, ReportListQuery, ReportUpdate, statusesOf, type ReportCounts } from '../../../core/schemas/report';
import { flagReportedCampaign } from '../../commands/flagReportedCampaign';
import { updateReport } from '../../commands/updateReport';
import { campaignReports, campaigns } from '../../db/schema';
import { parseInput } from '../../http/validate';
import { adminActor, requireAdmin } from '../../policies/admin';
import { presentReport } from '../../presenters/report';
import type { RouteOptions } from '../../services';

const IdParams = z.object({
  id: z.coerce.number({ error: 'Report id must be a number' }).int('Report id must be a whole number')
    .positive('Report id must be a whole number').max(2_147_483_647, 'Report id must be a whole number'),
});

/**
 * GET /api/admin/reports?status= (newest first, with every status's count),
 * PATCH /api/admin/reports/{id} and POST /api/admin/reports/{id}/flag-campaign.
 */
export const adminReportsRoutes: FastifyPluginAsync<RouteOptions> = async (app, { services }) => {
  const admin = { preHandler: requireAdmin(services) };
  const { db } = services;

  const countsOf = async (): Promise<ReportCounts> => {
    const rows = await db.select({ status: campaignReports.status, n: count() }).from(campaignReports).groupBy(campaignReports.status);
    const counts: ReportCounts = { total: 0, pending: 0, investigating: 0, resolved: 0, dismissed: 0 };
    for (const { status, n } of rows) {
      counts[status] = n;
      counts.total += n;
    }
    return counts;
  };

  const loadOne = async (id: number) => {
    const [row] = await db.select({ report: campaignReports, name: campaigns.name, flagged: campaigns.flagged, verified: campaigns.verified })
      .from(campaignReports).leftJoin(campaigns, eq(campaigns.tokenAddress, campaignReports.tokenAddress))
      .where(eq(campaignReports.id, id));
    return row;
  };
  const present = (r: NonNullable<Awaited<ReturnType<typeof loadOne>>>) =>
    presentReport(r.report, r.name === null ? null : { name: r.name, flagged: r.flagged ?? false, verified: r.verified ?? false });

  app.get('/admin/reports', admin, async (request) => {
    const query = parseInput(ReportListQuery, request.query);
    const where = query.status === 'all' ? undefined : inArray(campaignReports.status, [...statusesOf(query.status)]);
    const [rows, counts] = await Promise.all([
      db.select({ report: campaignReports, name: campaigns.name, flagged: campaigns.flagged, verified: campaigns.verified })
        .from(campaignReports).leftJoin(campaigns, eq(campaigns.tokenAddress, campaignReports.tokenAddress))
        .where(where).orderBy(desc(campaignReports.submittedAt), desc(campaignReports.id))
        .limit(query.limit).offset(query.offset),
      countsOf(),
    ]);
    const total = statusesOf(query.status).reduce((sum, s) => sum + counts[s], 0);
    return { reports: rows.map(present), total, counts };
  });

  app.patch('/admin/reports/:id', admin, async (request) => {
    const { id } = parseInput(IdParams, request.params);
    const input = parseInput(ReportUpdate, request.body);
    await updateReport(services, adminActor(request), id, input);
    const row = await loadOne(id);
    return present(row!);
  });

  app.post('/admin/reports/:id/flag-campaign', admin, async (request) => {
    const { id } = parseInput(IdParams, request.params);
    return flagReportedCampaign(services, adminActor(request), id, parseInput(ReportFlagCampaign, request.body));
  });
};

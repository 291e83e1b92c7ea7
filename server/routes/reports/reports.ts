import type { FastifyPluginAsync } from 'fastify';
import { REPORT_MESSAGES, ReportCreate } from '../../../core/schemas/report';
import { submitReport } from '../../commands/submitReport';
import { badRequest } from '../../http/errors';
import { parseInput } from '../../http/validate';
import { ReportLimits } from '../../policies/reportLimits';
import type { RouteOptions } from '../../services';
import { adminReportsRoutes } from './adminReports';

/** POST /api/reports (any visitor, per-address limit) and the admin review under /api/admin/reports. */
export const reportsRoutes: FastifyPluginAsync<RouteOptions> = async (app, { services }) => {
  const limits = new ReportLimits(() => services.now().getTime());

  app.post('/reports', async (request, reply) => {
    const input = parseInput(ReportCreate, request.body);
    const row = await submitReport(services, input, () => limits.take(request.ip));
    if (!row) throw badRequest(REPORT_MESSAGES.campaignNotFound);
    return reply.status(201).send({ id: row.id, status: row.status });
  });

  // Not `options`: it carries this plugin's /api prefix, which would be applied twice.
  await app.register(adminReportsRoutes, { services });
};

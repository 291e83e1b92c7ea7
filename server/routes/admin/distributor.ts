import type { FastifyPluginAsync } from 'fastify';
import { runDistributor } from '../../commands/runDistributor';
import { adminActor, requireAdmin } from '../../policies/admin';
import { presentDistributionSummary } from '../../presenters/distributionSummary';
import type { RouteOptions } from '../../services';

/** POST /api/admin/distributor/run: run the fee distributor now (it also runs as a job). No body. */
export const adminDistributorRoutes: FastifyPluginAsync<RouteOptions> = async (app, { services }) => {
  app.post('/admin/distributor/run', { preHandler: requireAdmin(services) }, async (request) => {
    const summary = await runDistributor(services, adminActor(request));
    return presentDistributionSummary(summary);
  });
};

import type { FastifyPluginAsync } from 'fastify';
import { syncPlatformStats } from '../../commands/refreshPlatformStats';
import { platformStats } from '../../db/schema';
import { adminActor, requireAdmin } from '../../policies/admin';
import { presentPlatformStats } from '../../presenters/platformStats';
import type { RouteOptions } from '../../services';

/** POST /api/admin/platform-stats/sync: the Overview tab's sync action; answers like GET /api/platform/stats. */
export const adminPlatformStatsRoutes: FastifyPluginAsync<RouteOptions> = async (app, { services }) => {
  app.post('/admin/platform-stats/sync', { preHandler: requireAdmin(services) }, async (request) => {
    await syncPlatformStats(services, adminActor(request));
    return presentPlatformStats(await services.db.select().from(platformStats));
  });
};

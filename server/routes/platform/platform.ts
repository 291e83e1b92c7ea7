import type { FastifyPluginAsync } from 'fastify';
import { platformStats } from '../../db/schema';
import { presentPlatformStats } from '../../presenters/platformStats';
import type { RouteOptions } from '../../services';

/** GET /api/platform/stats: the four stored totals (refreshed by refreshPlatformStats). */
export const platformRoutes: FastifyPluginAsync<RouteOptions> = async (app, { services }) => {
  app.get('/platform/stats', async () => {
    const rows = await services.db.select().from(platformStats);
    return presentPlatformStats(rows);
  });
};

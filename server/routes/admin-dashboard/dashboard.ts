import type { FastifyPluginAsync } from 'fastify';
import type { RouteOptions } from '../../services';
import { analyticsRoutes } from './analytics';
import { apiTesterRoutes } from './apiTester';
import { countsRoutes } from './counts';
import { healthRoutes } from './health';
import { overviewRoutes } from './overview';
import { platformWalletsRoutes } from './platformWallets';
import { rateLimitRoutes } from './rateLimits';
import { revenueRoutes } from './revenue';
import { storageTestRoutes } from './storageTest';

/** The admin dashboard's read models and test tools (every route needs the admin session). */
export const adminDashboardRoutes: FastifyPluginAsync<RouteOptions> = async (app, { services }) => {
  // Not `options`: it carries this plugin's /api prefix, which would be applied twice.
  await app.register(overviewRoutes, { services });
  await app.register(analyticsRoutes, { services });
  await app.register(healthRoutes, { services });
  await app.register(apiTesterRoutes, { services });
  await app.register(countsRoutes, { services });
  await app.register(revenueRoutes, { services });
  await app.register(storageTestRoutes, { services });
  await app.register(rateLimitRoutes, { services });
  await app.register(platformWalletsRoutes, { services });
};

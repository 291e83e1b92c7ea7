import type { FastifyPluginAsync } from 'fastify';
import type { RouteOptions } from '../../services';
import { adminDistributorRoutes } from './distributor';
import { adminMaintenanceRoutes } from './maintenance';
import { adminSessionRoutes } from './session';
import { adminIpBlockRoutes } from './ipBlocks';
import { adminAuditLogRoutes } from './auditLog';

/** Everything under /api/admin that this folder owns; other admin areas add their own plugins. */
export const adminRoutes: FastifyPluginAsync<RouteOptions> = async (app, { services }) => {
  // Not `options`: it carries this plugin's /api prefix, which would be applied twice.
  await app.register(adminSessionRoutes, { services });
  await app.register(adminMaintenanceRoutes, { services });
  await app.register(adminDistributorRoutes, { services });
  await app.register(adminIpBlockRoutes, { services });
  await app.register(adminAuditLogRoutes, { services });
};

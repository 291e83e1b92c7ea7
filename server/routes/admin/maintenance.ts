import type { FastifyPluginAsync } from 'fastify';
import { MaintenanceUpdateSchema } from '../../../core/maintenance';
import { updateMaintenance } from '../../commands/updateMaintenance';
import { parseInput } from '../../http/validate';
import { adminActor, requireAdmin } from '../../policies/admin';
import { presentSiteSettings } from '../../presenters/siteSettings';
import type { RouteOptions } from '../../services';

/** PUT /api/admin/maintenance: the dashboard's Maintenance tab. */
export const adminMaintenanceRoutes: FastifyPluginAsync<RouteOptions> = async (app, { services }) => {
  app.put('/admin/maintenance', { preHandler: requireAdmin(services) }, async (request) => {
    const input = parseInput(MaintenanceUpdateSchema, request.body);
    const row = await updateMaintenance(services, adminActor(request), input);
    // Answered as GET /api/settings/site answers this admin's browser: it keeps the site while maintenance is on.
    return { ...presentSiteSettings(row), admin_preview: row.maintenanceMode };
  });
};

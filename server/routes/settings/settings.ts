import { eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { ADMIN_COOKIE, findAdminSession } from '../../auth/admin/session';
import { siteSettings } from '../../db/schema';
import { presentSiteSettings } from '../../presenters/siteSettings';
import type { RouteOptions, Services } from '../../services';

/** Row 1, recreated with defaults if it is missing (the seed normally provides it). */
export async function loadSiteSettings({ db }: Services) {
  const [row] = await db.select().from(siteSettings).where(eq(siteSettings.id, 1));
  if (row) return row;
  await db.insert(siteSettings).values({ id: 1 }).onConflictDoNothing();
  const [created] = await db.select().from(siteSettings).where(eq(siteSettings.id, 1));
  return created;
}

/**
 * GET /api/settings/site: the maintenance flag, message and scheduled window. Never cached.
 * `admin_preview` says the request carries a live admin session: while maintenance is on, the
 * operator's own browser still shows the site (marked), so they can check it before reopening.
 * The admin session is looked up only when its cookie is there: visitors cost no extra query.
 */
export const settingsRoutes: FastifyPluginAsync<RouteOptions> = async (app, { services }) => {
  app.get('/settings/site', async (request, reply) => {
    const row = await loadSiteSettings(services);
    const cookie = request.cookies[ADMIN_COOKIE];
    const adminPreview = row.maintenanceMode && Boolean(cookie) && (await findAdminSession(services.db, cookie, services.now())) !== null;
    return reply.header('cache-control', 'no-store').send({ ...presentSiteSettings(row), admin_preview: adminPreview });
  });
};

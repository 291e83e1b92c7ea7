import { eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
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

/** GET /api/settings/site: the maintenance flag, message and scheduled window. Never cached. */
export const settingsRoutes: FastifyPluginAsync<RouteOptions> = async (app, { services }) => {
  app.get('/settings/site', async (_request, reply) => {
    const row = await loadSiteSettings(services);
    return reply.header('cache-control', 'no-store').send(presentSiteSettings(row));
  });
};

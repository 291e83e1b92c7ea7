import { asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { verifiedCharities } from '../../db/schema';
import { presentCharity } from '../../presenters/charity';
import type { RouteOptions } from '../../services';

/** GET /api/charities: the active verified charities in display order (the public page and the donation-wallet choice). */
export const charitiesRoutes: FastifyPluginAsync<RouteOptions> = async (app, { services }) => {
  app.get('/charities', async () => {
    const rows = await services.db.select().from(verifiedCharities)
      .where(eq(verifiedCharities.isActive, true))
      .orderBy(asc(verifiedCharities.displayOrder), asc(verifiedCharities.id));
    return { charities: rows.map(presentCharity) };
  });
};

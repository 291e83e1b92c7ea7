import { asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { verifiedCharities } from '../../db/schema';
import { charityPayouts } from '../../donations/charityPayouts';
import { presentPublicCharity } from '../../presenters/charity';
import type { RouteOptions } from '../../services';
import { adminCharitiesRoutes } from './adminCharities';

/**
 * GET /api/charities: the active verified charities in display order (the public page and
 * the donation-wallet choice), each with what campaigns have paid it so far.
 */
export const charitiesRoutes: FastifyPluginAsync<RouteOptions> = async (app, { services }) => {
  app.get('/charities', async () => {
    const rows = await services.db.select().from(verifiedCharities)
      .where(eq(verifiedCharities.isActive, true))
      .orderBy(asc(verifiedCharities.displayOrder), asc(verifiedCharities.id));
    const paid = await charityPayouts(services.db, rows.map((r) => r.walletAddress));
    return { charities: rows.map((r) => presentPublicCharity(r, paid.get(r.walletAddress))) };
  });

  await app.register(adminCharitiesRoutes, { services });
};

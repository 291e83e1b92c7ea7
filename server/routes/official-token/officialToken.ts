import { eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { officialToken } from '../../db/schema';
import { notFound } from '../../http/errors';
import { presentOfficialToken } from '../../presenters/officialToken';
import type { RouteOptions } from '../../services';

/** GET /api/official-token: the configuration behind the official token page (market data comes from the indexer). */
export const officialTokenRoutes: FastifyPluginAsync<RouteOptions> = async (app, { services }) => {
  app.get('/official-token', async () => {
    const [row] = await services.db.select().from(officialToken).where(eq(officialToken.id, 1));
    if (!row) throw notFound('The official token is not configured');
    return presentOfficialToken(row);
  });
};

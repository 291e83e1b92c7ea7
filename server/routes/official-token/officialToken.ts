import { eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { officialToken } from '../../db/schema';
import { notFound } from '../../http/errors';
import { asService } from '../../http/serviceError';
import { readCampaignMint } from '../../chain/token';
import { officialFigures } from '../../official/figures';
import { officialPoolTerms } from '../../official/poolTerms';
import { tokenomicsPaid } from '../../official/tokenomicsPaid';
import { presentOfficialMarket, presentOfficialSafety, presentOfficialToken } from '../../presenters/officialToken';
import type { RouteOptions } from '../../services';

const NOT_CONFIGURED = 'The official token is not configured';
const NOT_LIVE = 'The official token is not live yet';

/**
 * GET /api/official-token: the configuration behind the official token page.
 * GET /api/official-token/market: its price bar (from our curve locally, the external
 * market-data adapter on a cluster) and what each tokenomics line has paid so far.
 * GET /api/official-token/safety: what a token safety check looks at, read from the mint
 * on chain (authorities, the transfer fee or the pool's fee, the supply): the page's 'Safety check' card.
 */
export const officialTokenRoutes: FastifyPluginAsync<RouteOptions> = async (app, { services }) => {
  const load = async () => {
    const [row] = await services.db.select().from(officialToken).where(eq(officialToken.id, 1));
    if (!row) throw notFound(NOT_CONFIGURED);
    return row;
  };

  // Only a token launched here can be on a pool of ours; the sample and an operator's token are read from nothing.
  const poolTerms = (row: typeof officialToken.$inferSelect) => (row.source === 'local' ? officialPoolTerms(services, row.tokenAddress) : Promise.resolve(null));

  app.get('/official-token', async (request) => {
    const row = await load();
    const pool = await asService(request.log, 'Failed to read the official token', () => poolTerms(row));
    return presentOfficialToken(row, services.env.OFFICIAL_LINKS, pool?.protocolSharePercent ?? null);
  });

  app.get('/official-token/market', async () => {
    const row = await load();
    const [figures, paid] = await Promise.all([officialFigures(services, row), tokenomicsPaid(services)]);
    return presentOfficialMarket(figures, paid);
  });

  app.get('/official-token/safety', async (request) => {
    const row = await load();
    // The seed's sample address is a placeholder, not a mint anyone could check.
    if (row.source === 'sample') throw notFound(NOT_LIVE);
    const [mint, pool] = await asService(request.log, 'Failed to read the official token',
      () => Promise.all([readCampaignMint(services.chain.connection, row.tokenAddress), poolTerms(row)]));
    if (!mint) throw notFound(NOT_LIVE);
    return presentOfficialSafety(mint, pool);
  });
};

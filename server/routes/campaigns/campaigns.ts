import type { FastifyPluginAsync } from 'fastify';
import { campaigns } from '../../db/schema';
import { parseInput } from '../../http/validate';
import { presentCampaign } from '../../presenters/campaign';
import type { RouteOptions } from '../../services';
import { campaignListOrder, campaignListWhere } from './filters';
import { CampaignListQuery } from './schema';
import { testCampaignRoutes } from './testCampaigns';
import { tickerRoutes } from './ticker';
import { campaignShowRoutes } from './show';
import { tokenMarketRoutes } from './tokenMarket';
import { trendingCampaignIds } from './trending';
import { byRequestRoutes } from './byRequest';
import { galleryRoutes } from './gallery';
import { ogImageRoutes } from './ogImage';
import { updatesRoutes } from './updates';
import { videoRoutes } from './video';

/**
 * GET /api/campaigns (an Explore filter, a sort, search, category, paged) and
 * GET /api/campaigns/count, plus the ticker, show and connection-test routes. Every figure
 * comes from the campaigns row (kept by the trade hooks), never from the chain per request.
 */
export const campaignsRoutes: FastifyPluginAsync<RouteOptions> = async (app, { services }) => {
  const solUsd = services.env.SOL_USD;

  app.get('/campaigns', async (request) => {
    const query = parseInput(CampaignListQuery, request.query);
    const trendingIds = await trendingCampaignIds(services.db);
    const where = campaignListWhere(query, trendingIds);
    const [rows, total] = await Promise.all([
      services.db.select().from(campaigns).where(where)
        .orderBy(...campaignListOrder(query.sort, query.filter)).limit(query.limit).offset(query.offset),
      services.db.$count(campaigns, where),
    ]);
    const trending = new Set(trendingIds);
    return { campaigns: rows.map((row) => ({ ...presentCampaign(row, { solUsd }), trending: trending.has(row.id) })), total };
  });

  app.get('/campaigns/count', async (request) => {
    const query = parseInput(CampaignListQuery, request.query);
    const trendingIds = query.filter === 'trending' ? await trendingCampaignIds(services.db) : [];
    return { total: await services.db.$count(campaigns, campaignListWhere(query, trendingIds)) };
  });

  // Not `options`: it carries this plugin's /api prefix, which would be applied twice.
  await app.register(tickerRoutes, { services });
  await app.register(testCampaignRoutes, { services });
  await app.register(byRequestRoutes, { services });
  await app.register(campaignShowRoutes, { services });
  await app.register(tokenMarketRoutes, { services });
  await app.register(galleryRoutes, { services });
  await app.register(updatesRoutes, { services });
  await app.register(videoRoutes, { services });
  await app.register(ogImageRoutes, { services });
};

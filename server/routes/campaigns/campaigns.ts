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
import { ListFiguresCache } from './listFiguresCache';
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
  const figures = new ListFiguresCache(services.env.CAMPAIGN_LIST_CACHE_MS);
  const stopClearing = services.events.subscribe(() => figures.clear());
  app.addHook('onClose', async () => { stopClearing(); });
  const trending = () => figures.get('trending', () => trendingCampaignIds(services.db));
  const totalOf = (query: CampaignListQuery, trendingIds: number[]) => {
    const { filter, category, status, search } = query;
    return figures.get(JSON.stringify(['total', filter, category, status, search]), () => services.db.$count(campaigns, campaignListWhere(query, trendingIds)));
  };

  const answer = async (query: CampaignListQuery): Promise<string> => {
    const trendingIds = await trending();
    const [rows, total] = await Promise.all([
      services.db.select().from(campaigns).where(campaignListWhere(query, trendingIds))
        .orderBy(...campaignListOrder(query.sort, query.filter)).limit(query.limit).offset(query.offset),
      totalOf(query, trendingIds),
    ]);
    const isTrending = new Set(trendingIds);
    return JSON.stringify({ campaigns: rows.map((row) => ({ ...presentCampaign(row, { solUsd }), trending: isTrending.has(row.id) })), total });
  };

  // The whole answer, serialized once, is shared by every visitor asking the same page until
  // the next live event: a hundred visitors on Explore cost one query, not a hundred queued
  // on the database (npm run bench -- explore).
  app.get('/campaigns', async (request, reply) => {
    const query = parseInput(CampaignListQuery, request.query);
    const body = await figures.get(JSON.stringify(['page', query]), () => answer(query));
    return reply.type('application/json; charset=utf-8').send(body);
  });

  app.get('/campaigns/count', async (request) => {
    const query = parseInput(CampaignListQuery, request.query);
    return { total: await totalOf(query, query.filter === 'trending' ? await trending() : []) };
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

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
import { TRADE_EVENT } from '../../market/registerTradeHooks';
import { trendingCampaignIds } from './trending';
import { byRequestRoutes } from './byRequest';
import { detailsRoutes } from './details';
import { galleryRoutes } from './gallery';
import { ogImageRoutes } from './ogImage';
import { updatesRoutes } from './updates';
import { videoRoutes } from './video';

// How long a total may live without an event clearing it (see ListFiguresCache).
const TOTALS_TTL_MS = 60_000;

/**
 * GET /api/campaigns (an Explore filter, a sort, search, category, paged) and
 * GET /api/campaigns/count, plus the ticker, show and connection-test routes. Every figure
 * comes from the campaigns row (kept by the trade hooks), never from the chain per request.
 */
export const campaignsRoutes: FastifyPluginAsync<RouteOptions> = async (app, { services }) => {
  const solUsd = services.env.SOL_USD;
  const figures = new ListFiguresCache(services.env.CAMPAIGN_LIST_CACHE_MS);
  // A trade that does not graduate its curve changes market caps (so the trending set) and
  // figures, never whether a campaign is public, verified, bonded, reached its goal or matches a search.
  const stopClearing = services.events.subscribe((event) => figures.clear(event.type === TRADE_EVENT && !event.graduated ? 'trade' : 'event'));
  app.addHook('onClose', async () => { stopClearing(); });
  const trending = () => figures.get('trending', () => trendingCampaignIds(services.db));
  const totalOf = (query: CampaignListQuery, trendingIds: number[]) => {
    const { filter, category, status, search, hide_high_risk, featured } = query;
    return figures.get(JSON.stringify(['total', filter, category, status, search, hide_high_risk, featured]), () => services.db.$count(campaigns, campaignListWhere(query, trendingIds)),
      // A count over every campaign blocks PGlite's thread for tens of ms at 100,000 rows: an
      // event (a launch, a flag, a donation, a graduation) clears it, so it need not expire every few seconds.
      { survivesTrades: filter !== 'trending', ttlMs: TOTALS_TTL_MS });
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
  await app.register(detailsRoutes, { services });
  await app.register(ogImageRoutes, { services });
};

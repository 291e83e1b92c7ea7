import { desc } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { campaigns } from '../../db/schema';
import { parseInput } from '../../http/validate';
import { presentCampaign } from '../../presenters/campaign';
import type { RouteOptions } from '../../services';
import { campaignListWhere } from './filters';
import { CampaignListQuery } from './schema';
import { testCampaignRoutes } from './testCampaigns';
import { tickerRoutes } from './ticker';
import { campaignShowRoutes } from './show';
import { tokenMarketRoutes } from './tokenMarket';

/** GET /api/campaigns (newest first, paged) and GET /api/campaigns/count, plus the ticker and connection-test routes. */
export const campaignsRoutes: FastifyPluginAsync<RouteOptions> = async (app, { services }) => {
  const solUsd = services.env.SOL_USD;

  app.get('/campaigns', async (request) => {
    const query = parseInput(CampaignListQuery, request.query);
    const where = campaignListWhere(query);
    const [rows, total] = await Promise.all([
      services.db.select().from(campaigns).where(where)
        .orderBy(desc(campaigns.createdAt), desc(campaigns.id)).limit(query.limit).offset(query.offset),
      services.db.$count(campaigns, where),
    ]);
    return { campaigns: rows.map((row) => presentCampaign(row, { solUsd })), total };
  });

  app.get('/campaigns/count', async (request) => {
    const query = parseInput(CampaignListQuery, request.query);
    return { total: await services.db.$count(campaigns, campaignListWhere(query)) };
  });

  // Not `options`: it carries this plugin's /api prefix, which would be applied twice.
  await app.register(tickerRoutes, { services });
  await app.register(testCampaignRoutes, { services });
  await app.register(campaignShowRoutes, { services });
  await app.register(tokenMarketRoutes, { services });
};

import { and, eq, ne, or, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { HIDDEN_TICKER } from '../../../core/constants';
import { campaigns } from '../../db/schema';
import { notFound } from '../../http/errors';
import { parseInput } from '../../http/validate';
import { CAMPAIGN_NOT_FOUND } from '../../policies/campaigns';
import { presentCampaign } from '../../presenters/campaign';
import type { RouteOptions } from '../../services';
import { trendingCampaignIds } from './trending';

const Params = z.object({ requestId: z.string().trim().min(1, 'requestId is required').max(100, 'requestId must be at most 100 characters') });
const NUMERIC_ID = /^[1-9][0-9]{0,8}$/;

/**
 * GET /api/campaigns/by-request/{requestId}: the campaign a launch request created, for the
 * legacy links /c/{id} and /campaign/{numeric id}. As the spec's lookup does, a request id
 * that matches nothing falls back to the campaign id. Test campaigns and the ticker TEST are 404.
 */
export const byRequestRoutes: FastifyPluginAsync<RouteOptions> = async (app, { services }) => {
  const solUsd = services.env.SOL_USD;

  app.get('/campaigns/by-request/:requestId', async (request) => {
    const { requestId } = parseInput(Params, request.params);
    const match: SQL = NUMERIC_ID.test(requestId)
      ? or(eq(campaigns.requestId, requestId), eq(campaigns.id, Number(requestId)))!
      : eq(campaigns.requestId, requestId);
    const rows = await services.db.select().from(campaigns)
      .where(and(match, eq(campaigns.isTest, false), ne(campaigns.ticker, HIDDEN_TICKER)));
    // A request id beats a campaign id that happens to be spelled the same.
    const row = rows.find((r) => r.requestId === requestId) ?? rows[0];
    if (!row) throw notFound(CAMPAIGN_NOT_FOUND);
    const trending = await trendingCampaignIds(services.db);
    return { ...presentCampaign(row, { solUsd }), trending: trending.includes(row.id) };
  });
};

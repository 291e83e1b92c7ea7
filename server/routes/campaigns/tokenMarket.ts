import type { FastifyPluginAsync } from 'fastify';
import type { ChartMarkersResponse } from '../../../core/chartMarkers';
import { candlesQuerySchema, tradesQuerySchema, type CandlesResponse, type TradesResponse } from '../../../core/schemas/trade';
import { notFound } from '../../http/errors';
import { parseInput } from '../../http/validate';
import { asService } from '../../http/serviceError';
import { listCandles, listTrades, marketOf, markersOf } from '../../market';
import { rateLimit } from '../../policies/rateLimit';
import type { RouteOptions } from '../../services';
import { markersParamsSchema } from './schema';
import { TRADE_ERRORS } from '../../curve/tradeErrors';
import { findCurvePool } from '../../curve/pools';

type TokenParams = { Params: { tokenAddress: string } };

const READ_LIMIT = { max: 300, windowMs: 60_000, message: 'Too many requests. Try again later.' };

/** GET /api/campaigns/{tokenAddress}/trades, /candles, /market and /markers: a curve token's stored trades and figures. */
export const tokenMarketRoutes: FastifyPluginAsync<RouteOptions> = async (app, { services }) => {
  const limit = rateLimit(READ_LIMIT);
  const requirePool = async (mint: string) => {
    if (!await findCurvePool(services.db, mint)) throw notFound(TRADE_ERRORS.poolNotFound);
  };

  app.get<TokenParams>('/campaigns/:tokenAddress/trades', { preHandler: limit }, async (request): Promise<TradesResponse> => {
    const query = parseInput(tradesQuerySchema, request.query);
    await requirePool(request.params.tokenAddress);
    return listTrades(services.db, request.params.tokenAddress, query.limit, query.before);
  });

  app.get<TokenParams>('/campaigns/:tokenAddress/candles', { preHandler: limit }, async (request): Promise<CandlesResponse> => {
    const query = parseInput(candlesQuerySchema, request.query);
    await requirePool(request.params.tokenAddress);
    return { interval: query.interval, candles: await listCandles(services.db, request.params.tokenAddress, query.interval, query.limit) };
  });

  app.get<TokenParams>('/campaigns/:tokenAddress/market', { preHandler: limit }, async (request) => {
    return asService(request.log, 'Failed to get campaign stats', () => marketOf(services).get(request.params.tokenAddress));
  });
  app.get<TokenParams>('/campaigns/:tokenAddress/markers', { preHandler: limit }, async (request): Promise<ChartMarkersResponse> => {
    const { tokenAddress } = parseInput(markersParamsSchema, request.params);
    return markersOf(services).get(tokenAddress);
  });
};

import type { FastifyPluginAsync } from 'fastify';
import { quoteQuerySchema, type QuotePreviewResponse } from '../../../core/schemas/trade';
import { notFound } from '../../http/errors';
import { parseInput } from '../../http/validate';
import { asService } from '../../http/serviceError';
import { presentCurveProgress } from '../../market';
import { rateLimit } from '../../policies/rateLimit';
import type { RouteOptions } from '../../services';
import { TRADE_ERRORS } from '../../curve/tradeErrors';
import { findCurvePool } from '../../curve/pools';
import { dbcQuotePreview } from './dbcPreview';
import { READ_LIMIT } from './limits';

type MintParams = { Params: { mint: string } };

/** GET /api/curve/{mint}/progress (spec shape) and /quote (a live preview that reserves nothing). */
export const curveReadRoutes: FastifyPluginAsync<RouteOptions> = async (app, { services }) => {
  const limit = rateLimit(READ_LIMIT);

  app.get<MintParams>('/curve/:mint/progress', { preHandler: limit }, async (request) => {
    return asService(request.log, 'Failed to get bonding curve progress', async () => {
      const pool = await findCurvePool(services.db, request.params.mint);
      if (!pool) throw notFound(TRADE_ERRORS.poolNotFound);
      return presentCurveProgress(pool);
    });
  });

  app.get<MintParams>('/curve/:mint/quote', { preHandler: limit }, async (request): Promise<QuotePreviewResponse> => {
    const { side, amount } = parseInput(quoteQuerySchema, request.query);
    const pool = await asService(request.log, 'Failed to get quote', () => findCurvePool(services.db, request.params.mint));
    if (!pool) throw notFound(TRADE_ERRORS.poolNotFound);
    return dbcQuotePreview(services, pool, side, amount);
  });
};

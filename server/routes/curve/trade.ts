import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import { buyRequestSchema, executeRequestSchema, sellRequestSchema } from '../../../core/schemas/trade';
import { HttpError, notFound } from '../../http/errors';
import { parseInput } from '../../http/validate';
import { asService } from '../../http/serviceError';
import { rateLimit } from '../../policies/rateLimit';
import type { RouteOptions } from '../../services';
import { TRADE_ERRORS } from '../../curve/tradeErrors';
import { findCurvePool, type PoolRow } from '../../curve/pools';
import { explainFailure } from './balances';
import { transactionFailureReason } from './failureReason';
import { buildDbcBuy, buildDbcSell, executeDbcTrade } from './dbcTrade';
import { BUILD_LIMIT, EXECUTE_LIMIT } from './limits';

type MintParams = { Params: { mint: string } };

const EXECUTE_FAILED = 'Failed to execute swap';

/**
 * POST /api/curve/{mint}/buy and /sell build the pool's swap for the trader to sign alone (DBC,
 * or DAMM v2 once graduated); /execute relays the signed transaction and confirms it.
 */
export const curveTradeRoutes: FastifyPluginAsync<RouteOptions> = async (app, { services }) => {
  const buildLimit = rateLimit(BUILD_LIMIT);
  // The row is read fresh each time (graduation sets damm_pool); a database failure is the spec's message.
  const poolFor = async (log: FastifyBaseLogger, mint: string, failure: string): Promise<PoolRow> => {
    const pool = await asService(log, failure, () => findCurvePool(services.db, mint));
    if (!pool) throw notFound(TRADE_ERRORS.poolNotFound);
    return pool;
  };

  app.post<MintParams>('/curve/:mint/buy', { preHandler: buildLimit }, async (request) => {
    const body = parseInput(buyRequestSchema, request.body);
    const failure = 'Failed to build buy transaction';
    const pool = await poolFor(request.log, request.params.mint, failure);
    return asService(request.log, failure, () => buildDbcBuy(services, pool, body));
  });

  app.post<MintParams>('/curve/:mint/sell', { preHandler: buildLimit }, async (request) => {
    const body = parseInput(sellRequestSchema, request.body);
    const failure = 'Failed to build sell transaction';
    const pool = await poolFor(request.log, request.params.mint, failure);
    return asService(request.log, failure, () => buildDbcSell(services, pool, body));
  });

  app.post<MintParams>('/curve/:mint/execute', { preHandler: rateLimit(EXECUTE_LIMIT) }, async (request) => {
    const { transactionBase64 } = parseInput(executeRequestSchema, request.body);
    const pool = await poolFor(request.log, request.params.mint, EXECUTE_FAILED);
    try {
      return await asService(request.log, EXECUTE_FAILED, () => executeDbcTrade(services, pool, transactionBase64));
    } catch (err) {
      const explained = explainFailure(err, 'buy');
      // A failure on chain that is not the wallet's short balance is the service's: the spec's
      // message, the chain's error as the reason.
      if (explained instanceof HttpError && explained.message === TRADE_ERRORS.failed) {
        throw new HttpError(502, EXECUTE_FAILED, { reason: transactionFailureReason(explained.extra.err) });
      }
      throw explained;
    }
  });
};

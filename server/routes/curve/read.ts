import type { FastifyPluginAsync } from 'fastify';
import { priceLamportsPerToken, type CurveState, type Ratio } from '../../../core/curve';
import { formatTokenAmount, lamportsToSolString } from '../../../core/money';
import { quoteQuerySchema, type QuotePreviewResponse } from '../../../core/schemas/trade';
import { applyTrade, reservedState } from '../../chain/curve';
import { notFound } from '../../http/errors';
import { parseInput } from '../../http/validate';
import { asService } from '../../http/serviceError';
import { presentCurveProgress } from '../../market';
import { decimalRatio } from '../../market/decimal';
import { percentChange } from '../../market/marketData';
import { rateLimit } from '../../policies/rateLimit';
import type { RouteOptions } from '../../services';
import { TRADE_ERRORS, findCurvePool, stateOfPool, transferFeeOfPool } from '../../trading';
import { readBook } from '../../trading/bookStore';
import { deltaOf, liveDeltas, priceBuy, priceSell } from '../../trading/pricing';
import { dbcQuotePreview } from './dbcPreview';
import { READ_LIMIT } from './limits';

type MintParams = { Params: { mint: string } };

const solPerToken = (r: Ratio) => decimalRatio(r.num, r.den * 10n ** 9n, 18);

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
    const book = await readBook(services.db, request.params.mint);
    if (!book) throw notFound(TRADE_ERRORS.poolNotFound);
    if (book.pool.program === 'dbc') return dbcQuotePreview(services, book.pool, side, amount);
    const committed = stateOfPool(book.pool);
    // Priced exactly as a quote built now would be: after the live quotes of its side.
    const reserved = reservedState(committed, liveDeltas(book.live, services.now()), side);
    const fee = transferFeeOfPool(book.pool);
    const amounts = side === 'buy' ? priceBuy(committed, reserved, fee, amount) : priceSell(reserved, fee, amount);
    const after: CurveState = applyTrade(reserved, deltaOf({ side, ...amounts }));
    const before = priceLamportsPerToken(reserved);
    const afterPrice = priceLamportsPerToken(after);
    const sol = side === 'buy' ? amounts.amountIn : amounts.expectedOutput;
    const tokens = side === 'buy' ? amounts.expectedOutput : amounts.amountIn;
    return {
      side,
      amountIn: side === 'buy' ? lamportsToSolString(amounts.amountIn) : formatTokenAmount(amounts.amountIn),
      expectedOutput: side === 'buy' ? formatTokenAmount(amounts.expectedOutput) : lamportsToSolString(amounts.expectedOutput),
      transferFee: formatTokenAmount(amounts.transferFee),
      priceBefore: solPerToken(before),
      priceAfter: solPerToken(afterPrice),
      // What the trader pays (or gets) per token they hold (or give), the tax included.
      averagePrice: decimalRatio(sol, tokens, 18),
      priceImpactPercent: Math.abs(percentChange(afterPrice, before)),
      completesCurve: side === 'buy' && !reserved.complete && after.complete,
    };
  });
};

import type { FastifyPluginAsync } from 'fastify';
import { buyRequestSchema, executeRequestSchema, sellRequestSchema } from '../../../core/schemas/trade';
import { messageHash, splitWire } from '../../chain/curve';
import { badRequest, notFound } from '../../http/errors';
import { parseInput } from '../../http/validate';
import { rateLimit } from '../../policies/rateLimit';
import type { RouteOptions } from '../../services';
import { TRADE_ERRORS, findCurvePool } from '../../trading';
import { findQuoteByHash } from '../../trading/bookStore';
import { BUILD_LIMIT, EXECUTE_LIMIT } from './limits';
import { presentBuyQuote, presentExecution, presentSellQuote } from './present';

type MintParams = { Params: { mint: string } };

export const OTHER_TOKEN_MESSAGE = 'Transaction is a quote for another token';

/** POST /api/curve/{mint}/buy, /sell (firm 30 s quotes) and /execute (co-sign, send, confirm). */
export const curveTradeRoutes: FastifyPluginAsync<RouteOptions> = async (app, { services }) => {
  const { book } = services.trading;
  const buildLimit = rateLimit(BUILD_LIMIT);

  app.post<MintParams>('/curve/:mint/buy', { preHandler: buildLimit }, async (request) => {
    const body = parseInput(buyRequestSchema, request.body);
    const quote = await book.buildBuyQuote({
      mint: request.params.mint, trader: body.wallet, solIn: body.amount, slippageBps: body.slippageBps, minimumTokens: body.expectedOutput,
    });
    return presentBuyQuote(quote, body.slippageBps);
  });

  app.post<MintParams>('/curve/:mint/sell', { preHandler: buildLimit }, async (request) => {
    const body = parseInput(sellRequestSchema, request.body);
    const quote = await book.buildSellQuote({
      mint: request.params.mint, trader: body.wallet, tokens: body.amount, slippageBps: body.slippageBps, minimumSol: body.expectedOutput,
    });
    return presentSellQuote(quote, body.slippageBps);
  });

  app.post<MintParams>('/curve/:mint/execute', { preHandler: rateLimit(EXECUTE_LIMIT) }, async (request) => {
    const { transactionBase64 } = parseInput(executeRequestSchema, request.body);
    const { mint } = request.params;
    // The book finds the quote by its message alone; the URL must name that quote's token.
    let hash: string | undefined;
    try { hash = messageHash(splitWire(Buffer.from(transactionBase64, 'base64')).message); } catch { /* the book says why */ }
    const quote = hash ? await findQuoteByHash(services.db, hash) : undefined;
    if (quote && quote.mint !== mint) throw badRequest(OTHER_TOKEN_MESSAGE);
    if (!quote && !await findCurvePool(services.db, mint)) throw notFound(TRADE_ERRORS.poolNotFound);
    return presentExecution(await book.execute(transactionBase64));
  });
};

import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import { Message, PublicKey } from '@solana/web3.js';
import { TOKEN_2022_PROGRAM_ID } from '@solana/spl-token';
import { buyRequestSchema, executeRequestSchema, sellRequestSchema } from '../../../core/schemas/trade';
import { messageHash, splitWire } from '../../chain/curve';
import { HttpError, badRequest, notFound } from '../../http/errors';
import { clientKey } from '../../http/clientKey';
import { parseInput } from '../../http/validate';
import { asService } from '../../http/serviceError';
import { rateLimit } from '../../policies/rateLimit';
import type { RouteOptions } from '../../services';
import { TRADE_ERRORS, findCurvePool } from '../../trading';
import type { PoolRow } from '../../trading/pools';
import { findQuoteByHash } from '../../trading/bookStore';
import { explainFailure } from './balances';
import { transactionFailureReason } from './failureReason';
import { buildDbcBuy, buildDbcSell, executeDbcTrade } from './dbcTrade';
import { BUILD_LIMIT, EXECUTE_LIMIT } from './limits';
import { presentBuyQuote, presentExecution, presentSellQuote } from './present';

type MintParams = { Params: { mint: string } };

/**
 * A wire transaction's message, its account keys and the trade side it reads as
 * (a sell starts with the trader's token transfer), or null when it is not one (the book says why).
 */
function messageOf(transactionBase64: string): { bytes: Uint8Array; accounts: PublicKey[]; side: 'buy' | 'sell' } | null {
  try {
    const bytes = splitWire(Buffer.from(transactionBase64, 'base64')).message;
    const message = Message.from(Buffer.from(bytes));
    const first = message.instructions[0];
    const side = first && message.accountKeys[first.programIdIndex]?.equals(TOKEN_2022_PROGRAM_ID) ? 'sell' : 'buy';
    return { bytes, accounts: message.accountKeys, side };
  } catch {
    return null;
  }
}

export const OTHER_TOKEN_MESSAGE = 'Transaction is a quote for another token';
const EXECUTE_FAILED = 'Failed to execute swap';

/** POST /api/curve/{mint}/buy, /sell (firm 30 s quotes) and /execute (co-sign, send, confirm). */
export const curveTradeRoutes: FastifyPluginAsync<RouteOptions> = async (app, { services }) => {
  const executeDbc = async (log: FastifyBaseLogger, pool: PoolRow, transactionBase64: string) => {
    try {
      return await asService(log, EXECUTE_FAILED, () => executeDbcTrade(services, pool, transactionBase64));
    } catch (err) {
      const explained = explainFailure(err, 'buy');
      if (explained instanceof HttpError && explained.message === TRADE_ERRORS.failed) {
        throw new HttpError(502, EXECUTE_FAILED, { reason: transactionFailureReason(explained.extra.err) });
      }
      throw explained;
    }
  };
  const { book } = services.trading;
  const buildLimit = rateLimit(BUILD_LIMIT);
  // Pools are never deleted, nor change program: once seen, a mint needs no lookup again.
  const knownPools = new Map<string, 'custodial' | 'dbc'>();
  const programOf = async (mint: string) => {
    const known = knownPools.get(mint);
    if (known) return known;
    const pool = await findCurvePool(services.db, mint);
    if (!pool) return null;
    if (knownPools.size > 100_000) knownPools.clear();
    knownPools.set(mint, pool.program);
    return pool.program;
  };
  const poolExists = async (mint: string) => (await programOf(mint)) !== null;
  // A campaign on its own DBC pool (issue 36): the trader alone signs; its row is read fresh (graduation sets damm_pool).
  const dbcPool = async (mint: string) => ((await programOf(mint)) === 'dbc' ? (await findCurvePool(services.db, mint))! : null);

  app.post<MintParams>('/curve/:mint/buy', { preHandler: buildLimit }, async (request) => {
    const body = parseInput(buyRequestSchema, request.body);
    if (!await poolExists(request.params.mint)) throw notFound(TRADE_ERRORS.poolNotFound);
    const dbc = await dbcPool(request.params.mint);
    if (dbc) return asService(request.log, 'Failed to build buy transaction', () => buildDbcBuy(services, dbc, body));
    const quote = await asService(request.log, 'Failed to build buy transaction', () => book.buildBuyQuote({
      mint: request.params.mint, trader: body.wallet, solIn: body.amount, slippageBps: body.slippageBps, minimumTokens: body.expectedOutput,
      client: clientKey(request.ip),
    }));
    return presentBuyQuote(quote, body.slippageBps);
  });

  app.post<MintParams>('/curve/:mint/sell', { preHandler: buildLimit }, async (request) => {
    const body = parseInput(sellRequestSchema, request.body);
    if (!await poolExists(request.params.mint)) throw notFound(TRADE_ERRORS.poolNotFound);
    const dbc = await dbcPool(request.params.mint);
    if (dbc) return asService(request.log, 'Failed to build sell transaction', () => buildDbcSell(services, dbc, body));
    const quote = await asService(request.log, 'Failed to build sell transaction', () => book.buildSellQuote({
      mint: request.params.mint, trader: body.wallet, tokens: body.amount, slippageBps: body.slippageBps, minimumSol: body.expectedOutput,
      client: clientKey(request.ip),
    }));
    return presentSellQuote(quote, body.slippageBps);
  });

  app.post<MintParams>('/curve/:mint/execute', { preHandler: rateLimit(EXECUTE_LIMIT) }, async (request) => {
    const { transactionBase64 } = parseInput(executeRequestSchema, request.body);
    const { mint } = request.params;
    // poolExists first: a known pool's mint is a valid address.
    if (!await poolExists(mint)) throw notFound(TRADE_ERRORS.poolNotFound);
    const dbc = await dbcPool(mint);
    if (dbc) return executeDbc(request.log, dbc, transactionBase64);
    // The book finds the quote by its message alone; the URL must name that quote's token
    // (each quote's message names exactly one mint among its accounts).
    const message = messageOf(transactionBase64);
    const mintKey = new PublicKey(mint);
    if (message && !message.accounts.some((key) => key.equals(mintKey)) && (await findQuoteByHash(services.db, messageHash(message.bytes)))) {
      throw badRequest(OTHER_TOKEN_MESSAGE);
    }
    try {
      return presentExecution(await asService(request.log, EXECUTE_FAILED, () => book.execute(transactionBase64, mint)));
    } catch (err) {
      const explained = explainFailure(err, message?.side ?? 'buy');
      // A failure on chain that is not the wallet's short balance is the service's: the
      // spec's message, the chain's error as the reason (the quote was already released).
      if (explained instanceof HttpError && explained.message === TRADE_ERRORS.failed) {
        throw new HttpError(502, EXECUTE_FAILED, { reason: transactionFailureReason(explained.extra.err) });
      }
      throw explained;
    }
  });
};

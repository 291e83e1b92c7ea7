import { HttpError } from '../http/errors';
import { TRADE_ERRORS } from '../trading';
import { executingQuotes } from '../trading/bookStore';
import { blockhashOfMessage, launchChain } from '../launch/chainOps';
import type { Services } from '../services';
import type { Job } from './runner';

// Quotes looked at per run; more wait for the next one.
const BATCH = 200;

/**
 * Trades whose process died between claiming the quote and settling it (a web process killed
 * with the send's outcome unknown): the quote stays 'executing', reserving its amounts, and
 * a trade that landed is missing from the curve (the pool wallet then holds more than
 * curve_pools says). Once the transaction's blockhash has expired nothing can land any more
 * and no live process is still waiting on it, so the chain's answer is final: landed, the
 * trade is committed as its process would have; not landed, the reservation is released.
 * A slow process that settles it at the same moment finds it committed (QuoteBook.settle).
 */
export async function settleOrphanedTrades(services: Services): Promise<number> {
  const chain = launchChain(services.chain);
  let settled = 0;
  for (const quote of await executingQuotes(services.db, BATCH)) {
    const blockhash = blockhashOfMessage(quote.message);
    const { value: live } = await services.chain.connection.isBlockhashValid(blockhash, { commitment: 'processed' });
    if (live) continue;
    const outcome = await chain.outcome(quote.signature, blockhash);
    if (!outcome.landed && !outcome.expired) continue;
    try {
      await services.trading.book.reconcile(quote.id, outcome.landed
        ? { signature: quote.signature, err: outcome.err, slot: outcome.slot }
        : { signature: quote.signature, err: 'not landed: its process stopped before settling it' });
      settled++;
    } catch (err) {
      // Did not land (or landed and failed): released, which reconcile answers as the execute would, 400.
      if (err instanceof HttpError && err.message === TRADE_ERRORS.failed) settled++;
      // Otherwise settled meanwhile by its own process.
      else services.log.debug({ err, quoteId: quote.id }, 'settle orphaned trade: not settled here');
    }
  }
  if (settled > 0) services.log.info({ settled }, 'settled trades their process left executing');
  return settled;
}

/** Every 5 s (and at start): see settleOrphanedTrades. */
export const settleOrphanedTradesJob: Job = {
  name: 'settle-orphaned-trades',
  everyMs: 5_000,
  runAtStart: true,
  run: async (services) => { await settleOrphanedTrades(services); },
};

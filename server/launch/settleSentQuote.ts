import type { Services } from '../services';
import { findQuote } from '../trading/bookStore';
import { blockhashOfMessage, type LaunchChain } from './chainOps';

/** What became of a quote trade the platform itself signed and maybe sent before a crash. */
export type SentQuote =
  | { kind: 'settled'; output: bigint }
  /** Never sent, refused, or gone from the chain for good: a new trade is due. */
  | { kind: 'gone' }
  /** Not on the chain yet, but its blockhash still lives (a cluster): decide later. */
  | { kind: 'in-flight' }
  /** Landed and failed on chain. */
  | { kind: 'failed'; err: unknown };

/**
 * The launch's initial buy and the distributor's sell both journal a quote and its signature
 * before sending; after a restart this says what happened, settling the quote book with it.
 */
export async function settleSentQuote(services: Services, chain: LaunchChain, quoteId: string, signature: string): Promise<SentQuote> {
  const quote = await findQuote(services.db, quoteId);
  if (!quote) return { kind: 'gone' };
  if (quote.status === 'executed') return { kind: 'settled', output: quote.expectedOutput };
  if (quote.status !== 'executing') return { kind: 'gone' };
  // Claimed and maybe sent when the process died: the chain says what happened, and a trade
  // not on it may still land until the blockhash of its message expires.
  const status = await chain.outcome(signature, blockhashOfMessage(quote.message));
  if (!status.landed && !status.expired && !chain.sendsAreFinal) return { kind: 'in-flight' };
  try {
    const result = await services.trading.book.reconcile(quoteId, status.landed
      ? { signature, err: status.err, slot: status.slot }
      : { signature, err: 'not landed before the restart' });
    return { kind: 'settled', output: result.expectedOutput };
  } catch (err) {
    if (status.landed && status.err) return { kind: 'failed', err: status.err };
    if (!status.landed) return { kind: 'gone' };
    throw err;
  }
}

// What a new quote of a wallet may still spend, checked at build with the per-wallet and
// per-address counts of live quotes (one query for both).

import type { TradeSide } from '../chain/curve';
import type { Db } from '../db/client';
import { HttpError } from '../http/errors';
import { liveQuotesOf } from './bookStore';
import { assertClientQuoteCount } from './clientCaps';
import type { ReadHoldings } from './holdings';
import { DEFAULT_MAX_LIVE_QUOTES_PER_CLIENT, MAX_LIVE_QUOTES_PER_WALLET, TRADE_ERRORS } from './types';

export type Backing = { lamports: bigint; tokens: bigint; createsTokenAccount: boolean };

/**
 * The wallet's holdings less what its other live quotes reserve (SOL across every mint and
 * side; tokens of this mint). Its open quote of the same mint and side does not count: the new
 * quote replaces it. Refuses (429) a wallet or a client address already at its live-quote cap.
 */
export async function readBacking(deps: {
  db: Db; holdings: ReadHoldings; now: Date; maxPerWallet?: number; maxPerClient?: number;
}, p: { mint: string; trader: string; side: TradeSide; recipient?: string; client?: string }): Promise<Backing> {
  // The quotes first, then the chain: a quote that lands in between is counted twice (refusing
  // too much for a moment), never missed.
  const replaced = (q: { trader: string; mint: string; side: string; status: string }) =>
    q.trader === p.trader && q.mint === p.mint && q.side === p.side && q.status === 'open';
  const live = await liveQuotesOf(deps.db, p.trader, p.client, deps.now);
  if (p.client !== undefined) assertClientQuoteCount(live, p.client, replaced, deps.maxPerClient ?? DEFAULT_MAX_LIVE_QUOTES_PER_CLIENT);
  const others = live.filter((q) => q.trader === p.trader && !replaced(q));
  if (others.length >= (deps.maxPerWallet ?? MAX_LIVE_QUOTES_PER_WALLET)) throw new HttpError(429, TRADE_ERRORS.tooManyQuotes);
  const held = await deps.holdings(p.trader, p.mint);
  const receiver = p.side === 'buy' && p.recipient !== undefined && p.recipient !== p.trader ? await deps.holdings(p.recipient, p.mint) : held;
  return {
    lamports: held.lamports - sum(others.map((q) => q.traderLamports)),
    tokens: held.tokens - sum(others.filter((q) => q.side === 'sell' && q.mint === p.mint).map((q) => q.amountIn)),
    createsTokenAccount: p.side === 'buy' && !receiver.hasTokenAccount,
  };
}

const sum = (values: bigint[]) => values.reduce((a, b) => a + b, 0n);

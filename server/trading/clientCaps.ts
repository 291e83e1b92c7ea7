// Per client address (an HTTP request's IP): how many live quotes it may hold, and how much of
// what a curve has left it may hold reserved. The server's own quotes (distributor, launch,
// demo, buybacks) carry no address: no cap applies to them and they count toward none.

import type { CurveState } from '../../core/curve';
import { formatSol } from '../../core/money';
import type { TradeSide } from '../chain/curve';
import { HttpError, badRequest } from '../http/errors';
import type { LiveQuote, TraderQuote } from './bookStore';
import { TRADE_ERRORS } from './types';

const BPS = 10_000n;

/** At most `max` live quotes per address, across wallets and mints; `replaced` is the one this build replaces. */
export function assertClientQuoteCount(live: TraderQuote[], client: string, replaced: (q: TraderQuote) => boolean, max: number): void {
  const held = live.filter((q) => q.client === client && !replaced(q)).length;
  if (held >= max) throw new HttpError(429, TRADE_ERRORS.tooManyClientQuotes);
}

/**
 * What one address may hold reserved on a curve, in lamports, on the committed state: buys
 * against the SOL the curve can still take before it graduates (a graduated pool: the SOL it
 * holds), sells against the SOL the pool holds. Measured in SOL, so a share means the same
 * at every price (10% of a fresh 20 SOL curve is 2 SOL of buys, where 10% of its tokens
 * would cost 0.56 SOL). Never less than a tenth of that share of the whole curve (its
 * threshold): with a plain share of the remainder the last tokens could never be bought.
 */
export function curveShareAllowance(committed: CurveState, side: TradeSide, shareBps: number): bigint {
  const bps = BigInt(shareBps);
  const room = committed.thresholdLamports - committed.realSolReserves;
  const left = side === 'sell' || committed.complete ? committed.realSolReserves : room > 0n ? room : 0n;
  const share = (left * bps) / BPS;
  const floor = (committed.thresholdLamports * bps) / (BPS * 10n);
  return share > floor ? share : floor;
}

/** A quote's SOL against the curve: what a buy pays in, what a sell takes out. */
const solOf = (q: { side: string; amountIn: bigint; amountOut: bigint }) => (q.side === 'buy' ? q.amountIn : q.amountOut);

/**
 * Refuses a quote whose SOL (paid in by a buy, taken out by a sell) plus this address's
 * other live quotes of that side on this mint would exceed its allowance, naming what is
 * still allowed. `live` is the mint's book as read for this build, so the check is exact
 * across processes: any other quote written meanwhile moved the pool's version and this
 * build re-reads.
 */
export function assertCurveShare(params: {
  committed: CurveState; side: TradeSide; amountIn: bigint; amountOut: bigint; live: LiveQuote[]; client: string;
  replaced: (q: LiveQuote) => boolean; shareBps: number; now: Date;
}): void {
  if (params.shareBps >= Number(BPS)) return;
  const reserved = params.live
    .filter((q) => q.client === params.client && q.side === params.side && !params.replaced(q)
      && (q.status === 'executing' || q.expiresAt > params.now.getTime()))
    .reduce((total, q) => total + solOf(q), 0n);
  const allowance = curveShareAllowance(params.committed, params.side, params.shareBps);
  if (reserved + solOf({ side: params.side, amountIn: params.amountIn, amountOut: params.amountOut }) > allowance) {
    const left = allowance > reserved ? allowance - reserved : 0n;
    throw badRequest(TRADE_ERRORS.curveShare(formatSol(left)));
  }
}

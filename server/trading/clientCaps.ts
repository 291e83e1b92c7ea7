// Per client address (an HTTP request's IP): how many live quotes it may hold, and how much of
// what a curve has left it may hold reserved. The server's own quotes (distributor, launch,
// demo, buybacks) carry no address: no cap applies to them and they count toward none.

import { CURVE_TOKENS_FOR_SALE, type CurveState } from '../../core/curve';
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
 * What one address may hold reserved on a curve, on the committed state: buys in tokens (of
 * those still for sale), sells in lamports (of the SOL the pool holds). Never less than a
 * tenth of that share of the whole curve (its 793,100,000 tokens, its threshold in SOL): with
 * a plain share of the remainder the last tokens could never be bought by anyone alone.
 */
export function curveShareAllowance(committed: CurveState, side: TradeSide, shareBps: number): bigint {
  const bps = BigInt(shareBps);
  const [left, whole] = side === 'buy'
    ? [committed.realTokenReserves, CURVE_TOKENS_FOR_SALE]
    : [committed.realSolReserves, committed.thresholdLamports];
  const share = (left * bps) / BPS;
  const floor = (whole * bps) / (BPS * 10n);
  return share > floor ? share : floor;
}

/**
 * Refuses a quote whose amount out of the pool (tokens of a buy, SOL of a sell) plus this
 * address's other live quotes of that side on this mint would exceed its allowance.
 * `live` is the mint's book as read for this build, so the check is exact across processes:
 * any other quote written meanwhile moved the pool's version and this build re-reads.
 */
export function assertCurveShare(params: {
  committed: CurveState; side: TradeSide; amountOut: bigint; live: LiveQuote[]; client: string;
  replaced: (q: LiveQuote) => boolean; shareBps: number; now: Date;
}): void {
  if (params.shareBps >= Number(BPS)) return;
  const reserved = params.live
    .filter((q) => q.client === params.client && q.side === params.side && !params.replaced(q)
      && (q.status === 'executing' || q.expiresAt > params.now.getTime()))
    .reduce((total, q) => total + q.amountOut, 0n);
  if (reserved + params.amountOut > curveShareAllowance(params.committed, params.side, params.shareBps)) {
    throw badRequest(TRADE_ERRORS.curveShare);
  }
}

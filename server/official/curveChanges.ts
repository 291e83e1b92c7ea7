// The official token's price changes on our curve over 24 h, 6 h, 1 h and 5 m, each over its
// own window: the curve's price now against the last trade's at or before the window's start,
// or the curve's start when it traded only since: the price before its first trade (that trade
// undone from the reserves it left, as the chart's first candle opens: on a DBC pool its config's
// start price, which is not the custodial curve's). A window longer than the curve's life has no
// change (null, shown 'N/A'): a token launched ten minutes ago has no 24 h change, and four
// equal figures 'since launch' would read as four measurements.

import { and, asc, desc, eq, lte } from 'drizzle-orm';
import { initialCurveStateForThreshold, priceLamportsPerToken, type Ratio } from '../../core/curve';
import type { Db } from '../db/client';
import { curveTrades } from '../db/schema';
import { percentChange } from '../market/marketData';
import { findCurvePool, stateOfPool } from '../curve/pools';

export const CHANGE_WINDOWS_MS = { h24: 24 * 3_600_000, h6: 6 * 3_600_000, h1: 3_600_000, m5: 300_000 } as const;

export type PriceChanges = { h24: number | null; h6: number | null; h1: number | null; m5: number | null };

export async function curvePriceChanges(db: Db, mint: string, now: Date): Promise<PriceChanges | null> {
  const pool = await findCurvePool(db, mint);
  if (!pool) return null;
  const state = stateOfPool(pool);
  const price = priceLamportsPerToken(state);
  const start = await priceBeforeFirstTrade(db, mint) ?? priceLamportsPerToken(initialCurveStateForThreshold(state.thresholdLamports));
  const priceAt = async (ms: number): Promise<Ratio> => {
    const [row] = await db.select({ sol: curveTrades.virtualSolAfter, tokens: curveTrades.virtualTokensAfter }).from(curveTrades)
      .where(and(eq(curveTrades.mint, mint), lte(curveTrades.blockTime, new Date(now.getTime() - ms))))
      .orderBy(desc(curveTrades.blockTime), desc(curveTrades.createdAt)).limit(1);
    return row ? { num: BigInt(row.sol) * 10n ** 9n, den: BigInt(row.tokens) } : start;
  };
  const change = async (ms: number) => (now.getTime() - pool.createdAt.getTime() < ms ? null : percentChange(price, await priceAt(ms)));
  const [h24, h6, h1, m5] = await Promise.all([change(CHANGE_WINDOWS_MS.h24), change(CHANGE_WINDOWS_MS.h6), change(CHANGE_WINDOWS_MS.h1), change(CHANGE_WINDOWS_MS.m5)]);
  return { h24, h6, h1, m5 };
}

/** The pool's price before its first trade (lamports per whole token), or null before any trade. */
export async function priceBeforeFirstTrade(db: Db, mint: string): Promise<Ratio | null> {
  const [first] = await db.select().from(curveTrades).where(eq(curveTrades.mint, mint))
    .orderBy(asc(curveTrades.blockTime), asc(curveTrades.createdAt), asc(curveTrades.signature), asc(curveTrades.swapIndex)).limit(1);
  if (!first) return null;
  const [sol, tokens] = first.side === 'buy'
    ? [first.virtualSolAfter - (first.solLamports - first.feeLamports), first.virtualTokensAfter + first.tokensSent]
    : [first.virtualSolAfter + first.solLamports + first.feeLamports, first.virtualTokensAfter - first.tokensReceived];
  return tokens > 0n ? { num: sol * 10n ** 9n, den: tokens } : null;
}

// The official token's price changes on our curve over 24 h, 6 h, 1 h and 5 m, each over its
// own window: the curve's price now against the last trade's at or before the window's start,
// or the curve's start when it traded only since. A window longer than the curve's life has no
// change (null, shown 'N/A'): a token launched ten minutes ago has no 24 h change, and four
// equal figures 'since launch' would read as four measurements.

import { and, desc, eq, lte } from 'drizzle-orm';
import { initialCurveStateForThreshold, priceLamportsPerToken, type Ratio } from '../../core/curve';
import type { Db } from '../db/client';
import { curveTrades } from '../db/schema';
import { percentChange } from '../market/marketData';
import { findCurvePool, stateOfPool } from '../trading';

export const CHANGE_WINDOWS_MS = { h24: 24 * 3_600_000, h6: 6 * 3_600_000, h1: 3_600_000, m5: 300_000 } as const;

export type PriceChanges = { h24: number | null; h6: number | null; h1: number | null; m5: number | null };

export async function curvePriceChanges(db: Db, mint: string, now: Date): Promise<PriceChanges | null> {
  const pool = await findCurvePool(db, mint);
  if (!pool) return null;
  const state = stateOfPool(pool);
  const price = priceLamportsPerToken(state);
  const start = priceLamportsPerToken(initialCurveStateForThreshold(state.thresholdLamports));
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

// The official token's shorter price changes on our curve (6 h, 1 h, 5 m; the market service
// gives 24 h), as the 24 h one is computed: the curve's price now against the last trade's
// at or before the window's start, or the curve's start when it traded only since.

import { and, desc, eq, lte } from 'drizzle-orm';
import { initialCurveStateForThreshold, priceLamportsPerToken, type Ratio } from '../../core/curve';
import type { Db } from '../db/client';
import { curveTrades } from '../db/schema';
import { percentChange } from '../market/marketData';
import { findCurvePool, stateOfPool } from '../trading';

export const CHANGE_WINDOWS_MS = { h6: 6 * 3_600_000, h1: 3_600_000, m5: 300_000 } as const;

export type ShortChanges = { h6: number; h1: number; m5: number };

export async function curvePriceChanges(db: Db, mint: string, now: Date): Promise<ShortChanges | null> {
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
  const [h6, h1, m5] = await Promise.all([priceAt(CHANGE_WINDOWS_MS.h6), priceAt(CHANGE_WINDOWS_MS.h1), priceAt(CHANGE_WINDOWS_MS.m5)]);
  return { h6: percentChange(price, h6), h1: percentChange(price, h1), m5: percentChange(price, m5) };
}

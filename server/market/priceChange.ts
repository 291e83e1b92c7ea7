import { inArray, sql } from 'drizzle-orm';
import { initialCurveStateForThreshold, priceLamportsPerToken } from '../../core/curve';
import type { Db } from '../db/client';
import { curvePools, curveTrades } from '../db/schema';
import { stateOfPool } from '../curve/pools';
import { percentChange } from './marketData';

const DAY_MS = 86_400_000;

/**
 * The 24 h price change (percent, 2 decimals) of several curve tokens at once, as the
 * market endpoint computes it: the curve's price now against the last trade's at or before
 * 24 h ago, or the curve's start when it traded only since. Mints without a pool are left out.
 */
export async function priceChanges24h(db: Db, mints: string[], now: Date): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  if (mints.length === 0) return out;
  const dayAgo = new Date(now.getTime() - DAY_MS).toISOString();
  const [pools, before] = await Promise.all([
    db.select().from(curvePools).where(inArray(curvePools.mint, mints)),
    db.execute(sql`
      select distinct on (${curveTrades.mint}) ${curveTrades.mint} as mint,
        ${curveTrades.virtualSolAfter}::text as sol, ${curveTrades.virtualTokensAfter}::text as tokens
      from ${curveTrades}
      where ${inArray(curveTrades.mint, mints)} and ${curveTrades.blockTime} <= ${dayAgo}::timestamptz
      order by ${curveTrades.mint}, ${curveTrades.blockTime} desc, ${curveTrades.createdAt} desc`),
  ]);
  const thenOf = new Map((before as unknown as { rows: { mint: string; sol: string; tokens: string }[] }).rows
    .map((r) => [r.mint, { num: BigInt(r.sol) * 10n ** 9n, den: BigInt(r.tokens) }]));
  for (const pool of pools) {
    const state = stateOfPool(pool);
    const then = thenOf.get(pool.mint) ?? priceLamportsPerToken(initialCurveStateForThreshold(state.thresholdLamports));
    out.set(pool.mint, percentChange(priceLamportsPerToken(state), then));
  }
  return out;
}

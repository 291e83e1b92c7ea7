// A campaign's pool row (curve_pools): its DBC pool, its DAMM v2 pool once graduated, and the
// curve state the swap indexer last read from the chain.
import { eq } from 'drizzle-orm';
import type { CurveState } from '../../core/curve';
import type { Db } from '../db/client';
import { curvePools } from '../db/schema';

export type PoolRow = typeof curvePools.$inferSelect;

export function stateOfPool(row: PoolRow): CurveState {
  return {
    virtualSolReserves: row.virtualSolReserves,
    virtualTokenReserves: row.virtualTokenReserves,
    realSolReserves: row.realSolReserves,
    realTokenReserves: row.realTokenReserves,
    lockedTokenReserves: row.lockedTokenReserves,
    complete: row.complete,
    thresholdLamports: row.thresholdLamports,
  };
}

export function stateColumns(state: CurveState) {
  return {
    virtualSolReserves: state.virtualSolReserves,
    virtualTokenReserves: state.virtualTokenReserves,
    realSolReserves: state.realSolReserves,
    realTokenReserves: state.realTokenReserves,
    lockedTokenReserves: state.lockedTokenReserves,
    complete: state.complete,
  };
}

export async function findCurvePool(db: Db, mint: string): Promise<PoolRow | undefined> {
  const [row] = await db.select().from(curvePools).where(eq(curvePools.mint, mint));
  return row;
}

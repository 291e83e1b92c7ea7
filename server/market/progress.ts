// The spec's 'Bonding-curve progress' shape (1-platform.md section 3) from a pool row.
// quoteReserve as hex and sqrtPrice as Q64.64 follow the shape of the launch SDK the
// spec's product read (Meteora's dynamic bonding curve): a DBC pool's own figures as mirrored
// from the chain (its base reserve holds what migrates too), a custodial curve's computed.

import { bondingProgressPercent } from '../../core/curve';
import { lamportsToSolString } from '../../core/money';
import type { BondingLabel, CurveProgressResponse } from '../../core/schemas/trade';
import { stateOfPool, type PoolRow } from '../curve/pools';

export function bondingLabel(percent: number): BondingLabel {
  return percent >= 100 ? 'Bonded' : 'Bonding Curve';
}

/** floor(sqrt(n)) for a non-negative bigint: Newton's method from above. */
export function isqrt(n: bigint): bigint {
  if (n < 0n) throw new RangeError('Square root of a negative number');
  if (n < 2n) return n;
  // A float guess, pushed above the root (AM-GM, plus a margin for the floors) so the
  // iteration only descends; it then stops exactly at the floor.
  const guess = BigInt(Math.floor(Math.sqrt(Number(n)))) || 1n;
  let x = ((guess + n / guess) >> 1n) + 2n;
  for (let y = (x + n / x) >> 1n; y < x; y = (x + n / x) >> 1n) x = y;
  return x;
}

/** floor(sqrt(virtualSol / virtualToken) × 2^64): the spot price per base unit as Q64.64. */
export function sqrtPriceQ64(virtualSol: bigint, virtualToken: bigint): bigint {
  return isqrt((virtualSol << 128n) / virtualToken);
}

export function presentCurveProgress(pool: PoolRow): CurveProgressResponse {
  const state = stateOfPool(pool);
  const percent = bondingProgressPercent(state);
  return {
    poolId: pool.poolWallet,
    migrationThreshold: { sol: lamportsToSolString(state.thresholdLamports), lamports: state.thresholdLamports.toString() },
    progress: {
      baseReserve: (pool.program === 'dbc' ? state.realTokenReserves + state.lockedTokenReserves : state.realTokenReserves).toString(),
      quoteReserve: state.realSolReserves.toString(16),
      sqrtPrice: sqrtPriceQ64(state.virtualSolReserves, state.virtualTokenReserves).toString(),
    },
    percentageToMigration: percent,
    currentSolAmount: lamportsToSolString(state.realSolReserves),
    isBonded: state.complete,
    label: bondingLabel(percent),
  };
}

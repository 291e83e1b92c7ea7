// A Meteora DBC pool read as the CurveState every price, market cap and progress figure is built
// on (issue 36). The platform's configs have one constant-product segment (the SDK's buildCurve),
// whose virtual reserves at a sqrt price P (Q64.64) with liquidity L (Q64) are exactly
//   tokens = L / P,   SOL = L × P / 2^128,
// so SOL / tokens = P² / 2^128, the pool's own price. Integer division makes each side exact to a
// base unit.

import type { CurveState } from './state';

export type DbcPoolFigures = {
  /** The pool's sqrt price now (Q64.64). */
  sqrtPrice: bigint;
  /** The liquidity of the config's first curve segment (Q64), the one the curve trades in. */
  liquidity: bigint;
  /** Lamports the pool holds for the curve, fees excluded. */
  quoteReserve: bigint;
  /** Base units the pool holds: what is left for sale plus what migrates with the liquidity. */
  baseReserve: bigint;
  migrationQuoteThreshold: bigint;
  /** Base units that move into the DAMM v2 pool at graduation. */
  migrationBaseThreshold: bigint;
  isMigrated: boolean;
};

const Q128 = 1n << 128n;

export function curveStateOfDbc(pool: DbcPoolFigures): CurveState {
  if (pool.sqrtPrice <= 0n || pool.liquidity <= 0n) throw new RangeError('A DBC pool has a positive sqrt price and liquidity');
  const complete = pool.isMigrated || pool.quoteReserve >= pool.migrationQuoteThreshold;
  const forSale = pool.baseReserve - pool.migrationBaseThreshold;
  return {
    virtualSolReserves: (pool.liquidity * pool.sqrtPrice) / Q128,
    virtualTokenReserves: pool.liquidity / pool.sqrtPrice,
    realSolReserves: pool.quoteReserve,
    realTokenReserves: forSale > 0n ? forSale : 0n,
    lockedTokenReserves: pool.migrationBaseThreshold,
    complete,
    thresholdLamports: pool.migrationQuoteThreshold,
  };
}

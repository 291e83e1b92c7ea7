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

/** A graduated campaign's DAMM v2 pool: the campaign's token is token A, SOL token B (DBC migrates base into A). */
export type DammPoolFigures = {
  /** The pool's sqrt price (Q64.64) of token A in SOL. */
  sqrtPrice: bigint;
  /** The pool's liquidity (Q64, DBC's scale). */
  liquidity: bigint;
  solReserve: bigint;
  tokenReserve: bigint;
  /** The DBC curve's threshold, which the pool reached to exist. */
  thresholdLamports: bigint;
};

/**
 * After graduation the campaign trades on its DAMM v2 pool, whose price range is the full one
 * (the migration config's), so L / P and L × P / 2^128 are its virtual pair as they were the
 * curve's: the price every figure reads stays the pool's own. Its real reserves are what it holds.
 */
export function curveStateOfDamm(pool: DammPoolFigures): CurveState {
  if (pool.sqrtPrice <= 0n || pool.liquidity <= 0n) throw new RangeError('A DAMM v2 pool has a positive sqrt price and liquidity');
  return {
    virtualSolReserves: (pool.liquidity * pool.sqrtPrice) / Q128,
    virtualTokenReserves: pool.liquidity / pool.sqrtPrice,
    realSolReserves: pool.solReserve,
    realTokenReserves: pool.tokenReserve,
    lockedTokenReserves: 0n,
    complete: true,
    thresholdLamports: pool.thresholdLamports,
  };
}

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { curveStateOfDamm, curveStateOfDbc, type DbcPoolFigures } from './dbcState';
import { priceLamportsPerToken, ratioToNumber } from './metrics';

const pool = (over: Partial<DbcPoolFigures> = {}): DbcPoolFigures => ({
  sqrtPrice: 1n << 60n, liquidity: 1n << 100n, quoteReserve: 0n, baseReserve: 1_000_000_000n * 10n ** 9n,
  migrationQuoteThreshold: 20n * 10n ** 9n, migrationBaseThreshold: 206_900_000n * 10n ** 9n, isMigrated: false, ...over,
});

describe('curveStateOfDbc', () => {
  // The platform's curves: P from about 2^50 (start) to 2^53 (graduation), L about 2^110; each
  // side of the pair is exact to a base unit, so at tens of millions of units the ratio is within 1e-7.
  it('prices the virtual pair at the pool\'s own P² / 2^128 across the curve\'s range', () => {
    fc.assert(fc.property(
      fc.bigInt({ min: 1n << 49n, max: 1n << 64n }), fc.bigInt({ min: 1n << 105n, max: 1n << 120n }),
      (sqrtPrice, liquidity) => {
        const state = curveStateOfDbc(pool({ sqrtPrice, liquidity }));
        const exact = ratioToNumber({ num: sqrtPrice * sqrtPrice * 10n ** 9n, den: 1n << 128n });
        expect(Math.abs(ratioToNumber(priceLamportsPerToken(state)) / exact - 1)).toBeLessThan(1e-7);
      },
    ));
  });

  it('counts only the tokens for sale as the curve\'s, and is complete at the threshold or once migrated', () => {
    const fresh = curveStateOfDbc(pool());
    expect(fresh.realTokenReserves).toBe(793_100_000n * 10n ** 9n);
    expect(fresh.lockedTokenReserves).toBe(206_900_000n * 10n ** 9n);
    expect(fresh.complete).toBe(false);
    expect(curveStateOfDbc(pool({ quoteReserve: 20n * 10n ** 9n })).complete).toBe(true);
    expect(curveStateOfDbc(pool({ isMigrated: true, baseReserve: 0n })).complete).toBe(true);
    expect(curveStateOfDbc(pool({ isMigrated: true, baseReserve: 0n })).realTokenReserves).toBe(0n);
    expect(() => curveStateOfDbc(pool({ sqrtPrice: 0n }))).toThrow(RangeError);
  });

  it('prices a graduated DAMM v2 pool at its own P² / 2^128 too, complete, on its real reserves', () => {
    fc.assert(fc.property(
      fc.bigInt({ min: 1n << 49n, max: 1n << 64n }), fc.bigInt({ min: 1n << 105n, max: 1n << 120n }),
      (sqrtPrice, liquidity) => {
        const state = curveStateOfDamm({ sqrtPrice, liquidity, solReserve: 7n, tokenReserve: 9n, thresholdLamports: 20n * 10n ** 9n });
        const exact = ratioToNumber({ num: sqrtPrice * sqrtPrice * 10n ** 9n, den: 1n << 128n });
        expect(Math.abs(ratioToNumber(priceLamportsPerToken(state)) / exact - 1)).toBeLessThan(1e-7);
        expect(state).toMatchObject({ realSolReserves: 7n, realTokenReserves: 9n, lockedTokenReserves: 0n, complete: true });
      },
    ));
    expect(() => curveStateOfDamm({ sqrtPrice: 1n, liquidity: 0n, solReserve: 0n, tokenReserve: 0n, thresholdLamports: 1n })).toThrow(RangeError);
  });
});

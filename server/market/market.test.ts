import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { initialCurveState, priceLamportsPerToken, quoteBuy } from '../../core/curve';
import { decimalRatio, trimDecimal } from './decimal';
import { percentChange } from './marketData';
import { bondingLabel, isqrt, sqrtPriceQ64 } from './progress';

describe('market arithmetic', () => {
  it('isqrt is the exact floor square root', () => {
    fc.assert(fc.property(fc.bigInt({ min: 0n, max: 2n ** 200n }), (n) => {
      const r = isqrt(n);
      expect(r * r <= n && (r + 1n) * (r + 1n) > n).toBe(true);
    }));
    fc.assert(fc.property(fc.bigInt({ min: 2n, max: 2n ** 120n }), (k) => {
      expect([isqrt(k * k), isqrt(k * k - 1n), isqrt(k * k + 2n * k)]).toEqual([k, k - 1n, k]);
    }));
    expect(() => isqrt(-1n)).toThrow(RangeError);
  });

  it('sqrtPrice is the Q64.64 square root of the spot price per base unit', () => {
    const s = initialCurveState(1);
    const q = sqrtPriceQ64(s.virtualSolReserves, s.virtualTokenReserves);
    expect(Number(q) / 2 ** 64).toBeCloseTo(Math.sqrt(Number(s.virtualSolReserves) / Number(s.virtualTokenReserves)), 12);
    expect(sqrtPriceQ64(4n, 1n)).toBe(2n << 64n);
  });

  it('prints exact ratios and trims stored numerics', () => {
    expect(decimalRatio(1n, 3n, 5)).toBe('0.33333');
    expect(decimalRatio(10n, 4n)).toBe('2.5');
    expect(decimalRatio(-1n, 4n)).toBe('-0.25');
    expect(decimalRatio(5n, 0n)).toBe('0');
    expect(trimDecimal('0.00000002800000000000')).toBe('0.000000028');
    expect(trimDecimal('12.000')).toBe('12');
    expect(trimDecimal('7')).toBe('7');
  });

  it('measures the 24 h change between two spot prices', () => {
    const start = initialCurveState(1);
    const after = quoteBuy(start, 1_000_000_000n).newState;
    const change = percentChange(priceLamportsPerToken(after), priceLamportsPerToken(start));
    const float = (Number(after.virtualSolReserves) / Number(after.virtualTokenReserves))
      / (Number(start.virtualSolReserves) / Number(start.virtualTokenReserves)) * 100 - 100;
    expect(change).toBeCloseTo(float, 2);
    expect(percentChange(priceLamportsPerToken(start), priceLamportsPerToken(start))).toBe(0);
    expect(percentChange({ num: 1n, den: 2n }, { num: 1n, den: 1n })).toBe(-50);
  });

  it('labels progress as the spec does', () => {
    expect(bondingLabel(99.99)).toBe('Bonding Curve');
    expect(bondingLabel(100)).toBe('Bonded');
  });
});

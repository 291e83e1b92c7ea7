import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { LAMPORTS_PER_SOL, TOKEN_TOTAL_SUPPLY } from '../constants';
import {
  bondingProgressPercent, marketCapLamports, priceLamportsPerToken, priceSolPerToken, priceUsdPerToken, ratioToNumber,
} from './metrics';
import { initialCurveState, type CurveState } from './state';
import { stateArb } from './testArbitraries';
import { costToComplete, quoteBuy } from './trade';

const SOL = LAMPORTS_PER_SOL;

describe('price and market cap', () => {
  it('prices a fresh type-1 curve at V0 / virtual tokens', () => {
    const s = initialCurveState(1);
    expect(priceLamportsPerToken(s)).toEqual({ num: 7_058_378_514n * SOL, den: 1_073_000_000n * SOL });
    expect(priceSolPerToken(s)).toBeCloseTo(7.058378514 / 1_073_000_000, 20);
    expect(priceUsdPerToken(s, 150)).toBeCloseTo((150 * 7.058378514) / 1_073_000_000, 15);
    // 1e9 tokens at that price: V0 × 1e9 / 1.073e9 lamports.
    expect(marketCapLamports(s)).toBe((7_058_378_514n * 1_000_000_000n) / 1_073_000_000n);
  });

  it('market cap is price × supply, floored', () => {
    fc.assert(fc.property(stateArb, (s) => {
      const { num, den } = priceLamportsPerToken(s);
      const cap = marketCapLamports(s);
      const exact = (num * TOKEN_TOTAL_SUPPLY) / SOL; // num/den × supply/1e9, times den
      expect(cap * den <= exact).toBe(true);
      expect((cap + 1n) * den > exact).toBe(true);
    }));
  });

  it('ratioToNumber is accurate for huge numerators and denominators', () => {
    expect(ratioToNumber({ num: 10n ** 30n + 5n * 10n ** 29n, den: 10n ** 30n })).toBe(1.5);
    expect(ratioToNumber({ num: 1n, den: 3n })).toBeCloseTo(1 / 3, 15);
    expect(() => ratioToNumber({ num: 1n, den: 0n })).toThrow(RangeError);
  });
});

describe('bondingProgressPercent', () => {
  it('is 0 fresh, proportional to raised SOL with 2 decimals, 100 exactly when complete', () => {
    const s = initialCurveState(1);
    expect(bondingProgressPercent(s)).toBe(0);
    const half: CurveState = { ...s, realSolReserves: 10n * SOL, virtualSolReserves: s.virtualSolReserves + 10n * SOL };
    expect(bondingProgressPercent(half)).toBe(50);
    const third: CurveState = { ...s, realSolReserves: 6_666_666_666n };
    expect(bondingProgressPercent(third)).toBe(33.33);
    const almost: CurveState = { ...s, realSolReserves: 20n * SOL - 1n };
    expect(bondingProgressPercent(almost)).toBe(99.99);
    expect(bondingProgressPercent(quoteBuy(s, costToComplete(s)).newState)).toBe(100);
  });

  it('stays within 0..99.99 while bonding and grows with every buy', () => {
    fc.assert(fc.property(stateArb, fc.bigInt({ min: 0n, max: 30n * SOL }), (s, sol) => {
      const p = bondingProgressPercent(s);
      if (!s.complete) expect(p >= 0 && p <= 99.99).toBe(true);
      expect(bondingProgressPercent(quoteBuy(s, sol).newState) >= p).toBe(true);
    }));
  });
});

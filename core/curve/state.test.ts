import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { LAMPORTS_PER_SOL, TOKEN_TOTAL_SUPPLY } from '../constants';
import {
  curveStateFromJson, curveStateToJson, graduationThresholdLamports, initialCurveStateForThreshold, tokensOutsidePool,
} from './state';
import { stateArb } from './testArbitraries';

describe('curve state', () => {
  it('graduation thresholds follow the curve type', () => {
    expect(graduationThresholdLamports(1)).toBe(20n * LAMPORTS_PER_SOL);
    expect(graduationThresholdLamports(2)).toBe(60n * LAMPORTS_PER_SOL);
    expect(() => initialCurveStateForThreshold(0n)).toThrow('Threshold must be positive: 0');
  });

  it('nothing is outside the pool before the first trade', () => {
    expect(tokensOutsidePool(initialCurveStateForThreshold(85n * LAMPORTS_PER_SOL), TOKEN_TOTAL_SUPPLY)).toBe(0n);
  });

  it('round-trips through JSON as decimal strings', () => {
    fc.assert(fc.property(stateArb, (s) => {
      const json = JSON.parse(JSON.stringify(curveStateToJson(s)));
      expect(curveStateFromJson(json)).toEqual(s);
    }));
  });

  it('refuses a stored value that is not a non-negative integer', () => {
    const json = curveStateToJson(initialCurveStateForThreshold(LAMPORTS_PER_SOL));
    expect(() => curveStateFromJson({ ...json, realSolReserves: '-1' })).toThrow(
      'Curve state realSolReserves is not a non-negative integer: "-1"',
    );
  });
});

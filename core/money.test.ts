import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  divCeil, divFloor, formatSol, formatTokenAmount, formatUnits, lamportsToNumber, lamportsToSolString,
  maxBigint, minBigint, minimumWithSlippage, mulDivCeil, mulDivFloor, parseSol, parseTokenAmount,
  percentOf, percentOfCeil, ratioBps, solToLamports, sumBigint, tokenUnitsToNumber, wholePercentOf,
} from './money';

describe('parseSol', () => {
  it.each([
    ['0', 0n],
    ['1', 1_000_000_000n],
    ['0.5', 500_000_000n],
    ['.5', 500_000_000n],
    ['1.', 1_000_000_000n],
    [' 2.25 ', 2_250_000_000n],
    ['0.000000001', 1n],
    ['123456789012.123456789', 123_456_789_012_123_456_789n],
    ['007', 7_000_000_000n],
  ])('%j -> %s lamports', (text, lamports) => {
    expect(parseSol(text)).toBe(lamports);
  });

  it.each([
    ['-1', 'SOL amount must not be negative'],
    ['1e9', 'SOL amount is not a valid number: "1e9"'],
    ['abc', 'SOL amount is not a valid number: "abc"'],
    ['', 'SOL amount is not a valid number: ""'],
    ['.', 'SOL amount is not a valid number: "."'],
    ['1,5', 'SOL amount is not a valid number: "1,5"'],
    ['+1', 'SOL amount is not a valid number: "+1"'],
    ['1.2.3', 'SOL amount is not a valid number: "1.2.3"'],
    ['Infinity', 'SOL amount is not a valid number: "Infinity"'],
    ['0.0000000001', 'SOL amount has more than 9 decimal places: "0.0000000001"'],
  ])('rejects %j with a clear message', (text, message) => {
    expect(() => parseSol(text)).toThrow(message);
  });
});

describe('formatSol', () => {
  it.each<[bigint, number, boolean, string]>([
    [0n, 9, true, '0'],
    [1n, 9, true, '0.000000001'],
    [1_500_000_000n, 9, true, '1.5'],
    [1_500_000_000n, 9, false, '1.500000000'],
    [1_999_999_999n, 2, true, '1.99'],
    [1_999_999_999n, 0, true, '1'],
    [-2_500_000_000n, 9, true, '-2.5'],
    [-1n, 3, true, '0'],
    [20_000_000_000n, 2, false, '20.00'],
  ])('%s lamports, %s decimals, trim %s -> %s', (lamports, decimals, trim, expected) => {
    expect(formatSol(lamports, decimals, { trim })).toBe(expected);
  });

  it('rounds half up when asked', () => {
    expect(formatSol(1_234_500_000n, 3, { rounding: 'halfUp', trim: false })).toBe('1.235');
    expect(formatSol(1_234_499_999n, 3, { rounding: 'halfUp', trim: false })).toBe('1.234');
    expect(formatSol(-1_234_500_000n, 3, { rounding: 'halfUp', trim: false })).toBe('-1.235');
    expect(formatSol(999_999_999n, 2, { rounding: 'halfUp' })).toBe('1');
  });

  it('pads beyond the unit precision only when not trimming', () => {
    expect(formatUnits(15n, 1, 3, { trim: false })).toBe('1.500');
    expect(formatUnits(15n, 1, 3)).toBe('1.5');
  });

  it('round-trips every non-negative amount, including ones far above 2^53', () => {
    fc.assert(fc.property(fc.bigInt({ min: 0n, max: 2n ** 128n }), (lamports) => {
      expect(parseSol(formatSol(lamports))).toBe(lamports);
      expect(parseSol(formatSol(lamports, 9, { trim: false }))).toBe(lamports);
      expect(solToLamports(lamportsToSolString(lamports))).toBe(lamports);
    }));
  });

  it('is exact where a float would not be', () => {
    const big = 2n ** 53n + 1n;
    expect(formatSol(big)).toBe('9007199.254740993');
    expect(formatSol(12_345_678_901_234_567_891n)).toBe('12345678901.234567891');
    expect(parseSol('9007199.254740993')).toBe(big);
  });

  it('truncated output is the floor of the exact value', () => {
    fc.assert(fc.property(fc.bigInt({ min: 0n, max: 2n ** 80n }), fc.integer({ min: 0, max: 9 }), (lamports, d) => {
      const step = 10n ** BigInt(9 - d);
      expect(parseSol(formatSol(lamports, d))).toBe((lamports / step) * step);
    }));
  });
});

describe('solToLamports', () => {
  it('reads numbers through their shortest decimal form', () => {
    expect(solToLamports(0.1)).toBe(100_000_000n);
    expect(solToLamports(20)).toBe(20_000_000_000n);
    expect(solToLamports('85')).toBe(85_000_000_000n);
  });
  it('refuses numbers it cannot convert exactly', () => {
    expect(() => solToLamports(1e-7)).toThrow('SOL amount has too many digits to convert exactly: 1e-7');
    expect(() => solToLamports(Number.NaN)).toThrow('SOL amount is not a valid number');
    expect(() => solToLamports(-1)).toThrow('SOL amount must not be negative');
  });
});

describe('token amounts', () => {
  it('parses and formats with the given decimals', () => {
    expect(parseTokenAmount('1.5', 6)).toBe(1_500_000n);
    expect(parseTokenAmount('1000000000')).toBe(10n ** 18n);
    expect(formatTokenAmount(1_500_000n, 6)).toBe('1.5');
    expect(formatTokenAmount(123_456_789_123n, 9, 2)).toBe('123.45');
    expect(() => parseTokenAmount('1.1234567', 6)).toThrow('Token amount has more than 6 decimal places: "1.1234567"');
    expect(() => parseTokenAmount('-3', 6)).toThrow('Token amount must not be negative');
  });
  it('round-trips for any decimals', () => {
    fc.assert(fc.property(fc.bigInt({ min: 0n, max: 2n ** 100n }), fc.integer({ min: 0, max: 18 }), (units, d) => {
      expect(parseTokenAmount(formatTokenAmount(units, d), d)).toBe(units);
    }));
  });
});

describe('display conversions', () => {
  it('convert to floats for display only', () => {
    expect(lamportsToNumber(1_500_000_000n)).toBe(1.5);
    expect(tokenUnitsToNumber(2_000_000_000n)).toBe(2);
    expect(lamportsToNumber(1n)).toBe(1e-9);
  });
});

describe('integer helpers', () => {
  it('floor and ceil divide with any signs', () => {
    expect(divFloor(7n, 2n)).toBe(3n);
    expect(divFloor(-7n, 2n)).toBe(-4n);
    expect(divFloor(7n, -2n)).toBe(-4n);
    expect(divFloor(-7n, -2n)).toBe(3n);
    expect(divCeil(7n, 2n)).toBe(4n);
    expect(divCeil(-7n, 2n)).toBe(-3n);
    expect(divCeil(6n, 2n)).toBe(3n);
    expect(() => divFloor(1n, 0n)).toThrow('Division by zero');
  });

  it('mulDivFloor <= exact <= mulDivCeil, at most one apart', () => {
    const nonZero = fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).filter((c) => c !== 0n);
    const any = fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n });
    fc.assert(fc.property(any, any, nonZero, (a, b, c) => {
      const lo = mulDivFloor(a, b, c);
      const hi = mulDivCeil(a, b, c);
      const abs = (x: bigint) => (x < 0n ? -x : x);
      // lo * c <= a * b < (lo + 1) * c, read in the direction of c's sign.
      const sign = c < 0n ? -1n : 1n;
      expect(sign * lo * c <= sign * a * b).toBe(true);
      expect(sign * (lo + 1n) * c > sign * a * b).toBe(true);
      expect(hi - lo).toBe((a * b) % abs(c) === 0n ? 0n : 1n);
    }));
  });

  it('basis-point shares', () => {
    expect(percentOf(1_000n, 600)).toBe(60n);
    expect(percentOf(999n, 600)).toBe(59n);
    expect(percentOfCeil(999n, 600)).toBe(60n);
    expect(wholePercentOf(1_000n, 20)).toBe(200n);
    expect(minimumWithSlippage(1_000_000n, 500)).toBe(950_000n);
    expect(ratioBps(1n, 3n)).toBe(3333n);
    expect(ratioBps(5n, 0n)).toBe(0n);
    expect(() => percentOf(1n, 1.5)).toThrow('Basis points must be an integer');
    expect(() => percentOf(1n, -1)).toThrow('Basis points must not be negative');
    expect(() => minimumWithSlippage(1n, 10_001)).toThrow('Slippage cannot exceed 10000 bps');
  });

  it('min, max and sum', () => {
    expect(minBigint(3n, 1n, 2n)).toBe(1n);
    expect(maxBigint(3n, 5n, 2n)).toBe(5n);
    expect(sumBigint([1n, 2n, 3n])).toBe(6n);
    expect(sumBigint([])).toBe(0n);
  });
});

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DEFAULT_MARKET_CAP_USD } from './constants';
import {
  formatBpsPercent, formatPlainPrice, formatSubscriptPrice, formatCompactNumber, formatCompactUsd2, formatMarketCap, formatMarketCapOrDefault, formatNumber,
  formatPercentChange, formatPrice, formatPriceNumber, formatSolAmount, formatSolFixed, formatSolPrice, formatTokenCompact, formatUnitsGrouped,
  groupForInput, marketCapOrDefault, parseAmountInput, relativeTime, sanitizeAmountInput, shortAddress,
} from './format';
import { formatUnits, parseUnits } from './money';

describe('formatMarketCap (spec 1 section 5)', () => {
  it.each([
    [0, '$0'],
    [999, '$999'],
    [999.4, '$999'],
    [1_000, '$1K'],
    [12_345, '$12K'],
    [999_499, '$999K'],
    [999_600, '$1M'],
    [999_999_999, '$1.0B'],
    [999.6, '$1K'],
    [1_000_000, '$1M'],
    [3_400_000, '$3M'],
    [999_000_000, '$999M'],
    [1_000_000_000, '$1.0B'],
    [1_234_000_000, '$1.2B'],
    [10_000, '$10K'],
    [-2_500, '-$3K'],
    [Number.NaN, '$0'],
  ])('%s -> %s', (usd, expected) => {
    expect(formatMarketCap(usd)).toBe(expected);
  });
});

describe('formatCompactUsd2 (official token page)', () => {
  it.each([
    [0, '$0.00'],
    [999.999, '$1.00K'],
    [999_995, '$1.00M'],
    [999.99, '$999.99'],
    [1_000, '$1.00K'],
    [12_345, '$12.35K'],
    [4_560_000, '$4.56M'],
    [7_891_000_000, '$7.89B'],
    [Number.POSITIVE_INFINITY, '$0.00'],
  ])('%s -> %s', (usd, expected) => {
    expect(formatCompactUsd2(usd)).toBe(expected);
  });
});

describe('formatPrice (decimals by magnitude)', () => {
  it.each([
    [0, '$0.00'],
    [1.5e-7, '$0.00000015'],
    [9.99e-7, '$0.000000999'],
    [1.23456789e-10, '$0.0000000001'],
    [1e-11, '<$0.0000000001'],
    [1e-6, '$0.00000100'],
    [9.87654321e-6, '$0.00000988'],
    [1e-5, '$0.000010'],
    [0.00999, '$0.009990'],
    [0.01, '$0.0100'],
    [0.5, '$0.5000'],
    [0.99999, '$1.0000'],
    [1, '$1.00'],
    [1234.567, '$1234.57'],
    [Number.NaN, '$0.00'],
  ])('%s -> %s', (usd, expected) => {
    expect(formatPrice(usd)).toBe(expected);
  });
});

describe('formatPercentChange', () => {
  it.each([
    [5.234, '+5.23%'],
    [-1.1, '-1.10%'],
    [0, '0.00%'],
    [-0.001, '0.00%'],
    [0.004, '0.00%'],
    [0.005, '+0.01%'],
    [150, '+150.00%'],
    [Number.NaN, '0.00%'],
  ])('%s -> %s', (pct, expected) => {
    expect(formatPercentChange(pct)).toBe(expected);
  });
});

describe('formatSolFixed (spec 1: donations to 3 decimals, total raised to 2)', () => {
  it.each([
    [0n, 3, '0.000'],
    [400_000n, 3, '<0.001'],
    [999_999n, 3, '<0.001'],
    [1_000_000n, 3, '0.001'],
    [1_500_000_000n, 3, '1.500'],
    [1_234_567_890n, 3, '1.234'],
    [4_000_000n, 2, '<0.01'],
    [10_000_000n, 2, '0.01'],
    [99_996_000_000n, 2, '99.99'],
    [100_000_000_000n, 2, '100.00'],
    [1n, 9, '0.000000001'],
  ])('%s lamports to %s decimals -> %s', (lamports, decimals, expected) => {
    expect(formatSolFixed(lamports, decimals)).toBe(expected);
  });

  it('never reads zero for a nonzero amount, and never shows more than there is', () => {
    fc.assert(fc.property(fc.bigInt({ min: 0n, max: 10n ** 20n }), fc.integer({ min: 0, max: 9 }), (lamports, decimals) => {
      const text = formatSolFixed(lamports, decimals);
      expect(/[1-9]/.test(text)).toBe(lamports > 0n);
      if (!text.startsWith('<')) expect(parseUnits(text, 9) <= lamports).toBe(true);
    }));
  });
});

describe('formatSolAmount', () => {
  it.each([
    [0n, 3, '0.000'],
    [1_500_000_000n, 3, '1.500'],
    [1_234_567_890n, 3, '1.235'],
    [1_234_499_999n, 3, '1.234'],
    [1_234_567_890n, 2, '1.23'],
    [1_250_000_000n, 1, '1.3'],
    [999_999_999_999_999_999n, 3, '1000000000.000'],
    [-1_500_000n, 3, '-0.002'],
  ])('%s lamports to %s decimals -> %s', (lamports, decimals, expected) => {
    expect(formatSolAmount(lamports, decimals)).toBe(expected);
  });
  it('defaults to 3 decimals', () => {
    expect(formatSolAmount(20_000_000_000n)).toBe('20.000');
  });
});

describe('shortAddress', () => {
  it('keeps the first and last four characters', () => {
    expect(shortAddress('7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU')).toBe('7xKX...gAsU');
  });
  it('returns short or missing values whole', () => {
    expect(shortAddress('abcdefghijk')).toBe('abcdefghijk');
    expect(shortAddress('')).toBe('');
    expect(shortAddress(null)).toBe('');
  });
});

describe('relativeTime', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  it.each([
    ['2026-11-22T11:59:30Z', 'Just now'],
    ['2026-11-22T12:05:00Z', 'Just now'],
    ['2026-11-22T11:59:00Z', '1m ago'],
    ['2026-11-22T11:00:01Z', '59m ago'],
    ['2026-11-22T11:00:00Z', '1h ago'],
    ['2026-11-21T12:00:01Z', '23h ago'],
    ['2026-11-21T12:00:00Z', '1d ago'],
    ['2026-11-12T12:00:00Z', '10d ago'],
    ['not a date', ''],
  ])('%s -> %s', (when, expected) => {
    expect(relativeTime(when, now)).toBe(expected);
  });
  it('accepts a Date', () => {
    expect(relativeTime(new Date(now.getTime() - 3 * 3_600_000), now)).toBe('3h ago');
  });
});

describe('formatNumber', () => {
  it.each<[number | bigint, string]>([
    [0, '0'],
    [999, '999'],
    [1_000, '1,000'],
    [1_234_567.891, '1,234,567.89'],
    [-12_345, '-12,345'],
    [12_345_678_901_234_567_890n, '12,345,678,901,234,567,890'],
    [-1_000n, '-1,000'],
  ])('%s -> %s', (n, expected) => {
    expect(formatNumber(n)).toBe(expected);
  });
});

describe('market cap fallback (spec 1 sections 2 and 9: 10,000 when unknown)', () => {
  it.each<[number | null | undefined, number]>([
    [null, DEFAULT_MARKET_CAP_USD],
    [undefined, DEFAULT_MARKET_CAP_USD],
    [Number.NaN, DEFAULT_MARKET_CAP_USD],
    [0, DEFAULT_MARKET_CAP_USD],
    [-5, DEFAULT_MARKET_CAP_USD],
    [4_321.5, 4_321.5],
    [2_500_000, 2_500_000],
  ])('%s -> %s', (usd, expected) => {
    expect(marketCapOrDefault(usd)).toBe(expected);
  });
  it('formats the fallback as $10K and known values by the B/M/K rules', () => {
    expect(formatMarketCapOrDefault(null)).toBe('$10K');
    expect(formatMarketCapOrDefault(1_234_000_000)).toBe('$1.2B');
    expect(formatMarketCapOrDefault(3_400_000)).toBe('$3M');
  });
});

describe('formatCompactNumber and formatTokenCompact', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [12_345, '12K'],
    [3_400_000, '3M'],
    [1_234_000_000, '1.2B'],
  ])('%s -> %s', (n, expected) => {
    expect(formatCompactNumber(n)).toBe(expected);
  });
  it.each([
    [0n, '0'],
    [999_500_000_000n, '999.5'],
    [1_234_567_000n, '1.23'],
    [12_345_000_000_000n, '12K'],
    [793_100_000n * 10n ** 9n, '793M'],
    [1_000_000_000n * 10n ** 9n, '1.0B'],
  ])('%s base units -> %s', (units, expected) => {
    expect(formatTokenCompact(units)).toBe(expected);
  });
});

describe('formatSolPrice (decimals by magnitude, in SOL)', () => {
  it.each([
    [0, '0.00 SOL'],
    [2.8e-8, '0.000000028 SOL'],
    [3e-6, '0.00000300 SOL'],
    [0.005, '0.005000 SOL'],
    [0.25, '0.2500 SOL'],
    [12.345, '12.35 SOL'],
    [1e-12, '<0.0000000001 SOL'],
  ])('%s -> %s', (sol, expected) => {
    expect(formatSolPrice(sol)).toBe(expected);
  });
});

describe('formatPriceNumber (digits only)', () => {
  it.each([
    [0, '0.00'],
    [2.8e-8, '0.000000028'],
    [0.5, '0.5000'],
    [-3, '-3.00'],
    [1e-12, '<0.0000000001'],
    [Number.NaN, '0.00'],
  ])('%s -> %s', (value, expected) => {
    expect(formatPriceNumber(value)).toBe(expected);
  });
});

describe('formatUnitsGrouped', () => {
  it.each([
    [0n, 9, 2, '0'],
    [1_234_567_891_234_567n, 9, 2, '1,234,567.89'],
    [1_999_999_999n, 9, 3, '1.999'],
    [1_000_000_000_000n, 9, 4, '1,000'],
    [5_000_000n, 9, 4, '0.005'],
  ])('%s (%s decimals) to %s places -> %s', (units, decimals, max, expected) => {
    expect(formatUnitsGrouped(units, decimals, max)).toBe(expected);
  });
});

describe('amount inputs of the trade widget', () => {
  it.each([
    ['1.5', 9, '1.5'],
    ['1,5', 9, '1.5'],
    ['abc1.2.3', 9, '1.23'],
    ['-0.1', 9, '0.1'],
    ['0.1234567891', 9, '0.123456789'],
    ['1e5', 9, '15'],
    ['12.', 9, '12.'],
    ['7.5', 0, '7'],
  ])('sanitize %j (%s decimals) -> %j', (text, decimals, expected) => {
    expect(sanitizeAmountInput(text, decimals)).toBe(expected);
  });

  it('parses to exact base units', () => {
    expect(parseAmountInput('0.1', 9)).toEqual({ ok: true, units: 100_000_000n });
    expect(parseAmountInput('1000000', 9)).toEqual({ ok: true, units: 1_000_000_000_000_000n });
    expect(parseAmountInput('.5', 9)).toEqual({ ok: true, units: 500_000_000n });
  });

  it('reports empty as no amount, zero and junk as errors', () => {
    expect(parseAmountInput('', 9)).toEqual({ ok: false, error: null });
    expect(parseAmountInput('.', 9)).toEqual({ ok: false, error: null });
    expect(parseAmountInput('0.000', 9)).toEqual({ ok: false, error: 'Enter an amount greater than 0' });
    expect(parseAmountInput('1.2.3', 9)).toEqual({ ok: false, error: 'Enter a valid amount' });
    expect(parseAmountInput('0.0000000001', 9)).toEqual({ ok: false, error: 'Enter a valid amount' });
  });

  it('shows the whole part in thin-space groups, which sanitizing drops again, whatever was typed', () => {
    expect(groupForInput('16680495.66')).toBe('16\u2009680\u2009495.66');
    expect(groupForInput('999')).toBe('999');
    expect(groupForInput('1000.')).toBe('1\u2009000.');
    expect(groupForInput('.5')).toBe('.5');
    fc.assert(fc.property(fc.string(), fc.integer({ min: 0, max: 12 }), (text, decimals) => {
      const clean = sanitizeAmountInput(text, decimals);
      expect(sanitizeAmountInput(groupForInput(clean), decimals)).toBe(clean);
    }));
  });

  it('sanitized text always parses, and base units survive print -> sanitize -> parse', () => {
    fc.assert(fc.property(fc.string(), fc.integer({ min: 0, max: 12 }), (text, decimals) => {
      const clean = sanitizeAmountInput(text, decimals);
      const parsed = parseAmountInput(clean, decimals);
      if (!parsed.ok) expect(parsed.error === null || parsed.error === 'Enter an amount greater than 0').toBe(true);
      else expect(parsed.units).toBe(parseUnits(clean, decimals));
    }));
    fc.assert(fc.property(fc.bigInt({ min: 1n, max: 2n ** 64n - 1n }), fc.integer({ min: 0, max: 12 }), (units, decimals) => {
      const text = sanitizeAmountInput(formatUnits(units, decimals), decimals);
      expect(parseAmountInput(text, decimals)).toEqual({ ok: true, units });
    }));
  });
});

describe('formatBpsPercent', () => {
  it.each([[500, '5%'], [50, '0.5%'], [125, '1.25%'], [0, '0%'], [10_000, '100%']])('%s -> %s', (bps, expected) => {
    expect(formatBpsPercent(bps)).toBe(expected);
  });
});

describe('formatSubscriptPrice', () => {
  it('writes the zeros after the point as a subscript count', () => {
    expect(formatSubscriptPrice(0.0000000089)).toBe('0.0₈89');
    expect(formatSubscriptPrice(0.000012)).toBe('0.0₄12');
    expect(formatSubscriptPrice(0.00000000001234, 3)).toBe('0.0₁₀123');
    expect(formatSubscriptPrice(0.0000000080)).toBe('0.0₈8');
  });
  it('writes the same price out in full for the tooltip: the subscript counts its zeros', () => {
    expect(formatPlainPrice(0.0000000089)).toBe('0.0000000089');
    expect(formatPlainPrice(0.000012)).toBe('0.000012');
    expect(formatPlainPrice(0.00000000001234, 3)).toBe('0.0000000000123');
    expect(formatPlainPrice(0.0042)).toBe(formatSubscriptPrice(0.0042));
    fc.assert(fc.property(fc.double({ min: 1e-15, max: 0.000999, noNaN: true }), (value) => {
      const sub = formatSubscriptPrice(value);
      const zeros = Number([...sub.slice(3)].filter((c) => '₀₁₂₃₄₅₆₇₈₉'.includes(c)).map((c) => '₀₁₂₃₄₅₆₇₈₉'.indexOf(c)).join(''));
      const plain = formatPlainPrice(value);
      expect(plain.slice(2, 2 + zeros)).toBe('0'.repeat(zeros));
      expect(plain.slice(2 + zeros)).toBe(sub.replace(/^0\.0[₀-₉]+/, ''));
    }));
  });
  it('keeps ordinary decimals from 0.001 up, and 0 for nothing', () => {
    expect(formatSubscriptPrice(0.0042)).toBe(formatPriceNumber(0.0042));
    expect(formatSubscriptPrice(1.5)).toBe('1.50');
    expect(formatSubscriptPrice(0)).toBe('0');
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatUsdCents, formatUsdText, recipientDescription, usdCentsAt } from './receipt';

describe('usdCentsAt', () => {
  it('values lamports at a decimal rate, rounded half up to the cent', () => {
    expect(usdCentsAt(250_000_000n, '123.45')).toBe(3086n);
    expect(usdCentsAt(100_000_000n, '123.45000000')).toBe(1235n);
    expect(usdCentsAt(1n, '150')).toBe(0n);
    expect(usdCentsAt(10n ** 18n, '150')).toBe(15_000_000_000_000n);
    expect(usdCentsAt(5n, null)).toBeNull();
  });

  it('agrees with exact rational arithmetic for any amount and rate', () => {
    fc.assert(fc.property(fc.bigInt({ min: 0n, max: 10n ** 19n }), fc.bigInt({ min: 1n, max: 10n ** 14n }), (lamports, rate8) => {
      const rate = `${rate8 / 10n ** 8n}.${(rate8 % 10n ** 8n).toString().padStart(8, '0')}`;
      const cents = usdCentsAt(lamports, rate)!;
      // cents is the nearest whole to lamports * rate8 * 100 / 10^17, ties up.
      const exact = lamports * rate8 * 100n;
      const scale = 10n ** 17n;
      expect(cents * scale - exact <= scale / 2n).toBe(true);
      expect(exact - cents * scale < scale / 2n + 1n).toBe(true);
    }));
  });
});

describe('formatUsdCents', () => {
  it('groups thousands and always shows two decimals', () => {
    expect(formatUsdCents(0n)).toBe('$0.00');
    expect(formatUsdCents(5n)).toBe('$0.05');
    expect(formatUsdCents(123456789n)).toBe('$1,234,567.89');
    expect(formatUsdCents(-1999n)).toBe('-$19.99');
  });
});

describe('recipientDescription', () => {
  it('names a verified charity and says plainly when the wallet is the creator\'s', () => {
    expect(recipientDescription('verified_charity', 'Clean Water Trust')).toBe('Clean Water Trust (a verified charity)');
    expect(recipientDescription('creator_wallet', null)).toBe('The campaign creator\'s own wallet');
    expect(recipientDescription('unproven', null)).toContain('has not confirmed');
  });
});

describe('formatUsdText', () => {
  it('prints stored decimals as dollars and cents', () => {
    expect(formatUsdText('30.86')).toBe('$30.86');
    expect(formatUsdText('123.45000000')).toBe('$123.45');
    expect(formatUsdText('1234.005')).toBe('$1,234.01');
    expect(formatUsdText('0')).toBe('$0.00');
  });
});

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { countHolders, holderShare, holdersText, walletsText } from './holders';

describe('countHolders', () => {
  it('counts owners with a positive balance, platform keys left out; the circulating supply is what they hold', () => {
    const balances = new Map<string, bigint>([['pool', 900n], ['distributor', 30n], ['creator', 50n], ['alice', 40n], ['empty', 0n]]);
    expect(countHolders(balances, (w) => w === 'pool' || w === 'distributor')).toEqual({ count: 2, circulatingTokens: 90n });
    expect(countHolders(new Map(), () => false)).toEqual({ count: 0, circulatingTokens: 0n });
  });

  it('for any balances: the count and the supply are those of the non-platform owners holding something', () => {
    fc.assert(fc.property(fc.array(fc.tuple(fc.bigInt({ min: 0n, max: 10n ** 18n }), fc.boolean()), { maxLength: 40 }), (entries) => {
      const balances = new Map(entries.map(([tokens], i) => [`w${i}`, tokens]));
      const platform = new Set(entries.flatMap(([, isPlatform], i) => (isPlatform ? [`w${i}`] : [])));
      const people = entries.filter(([tokens, isPlatform]) => tokens > 0n && !isPlatform);
      expect(countHolders(balances, (w) => platform.has(w))).toEqual({ count: people.length, circulatingTokens: people.reduce((s, [t]) => s + t, 0n) });
    }));
  });
});

describe('holderShare', () => {
  it('is of the circulating supply, rounded down to hundredths; a crumb is <0.01; nothing circulating is null', () => {
    expect(holderShare(1n, 1n)).toBe('100.00');
    expect(holderShare(1n, 15n)).toBe('6.66');
    expect(holderShare(1n, 10_000n)).toBe('0.01');
    expect(holderShare(1n, 10_001n)).toBe('<0.01');
    expect(holderShare(0n, 7n)).toBe('0.00');
    expect(holderShare(5n, 0n)).toBeNull();
    // A holding read after its basis grew shows as all of it, never more.
    expect(holderShare(8n, 5n)).toBe('100.00');
  });

  it('agrees with exact arithmetic for any holding up to the supply', () => {
    fc.assert(fc.property(fc.bigInt({ min: 1n, max: 10n ** 18n }), fc.bigInt({ min: 1n, max: 10n ** 18n }), (a, b) => {
      const [part, whole] = a <= b ? [a, b] : [b, a];
      const hundredths = (part * 10_000n) / whole;
      expect(holderShare(part, whole)).toBe(hundredths === 0n ? '<0.01' : `${hundredths / 100n}.${String(hundredths % 100n).padStart(2, '0')}`);
    }));
  });
});

describe('holdersText', () => {
  it('says 1 holder, never 1 holders', () => {
    expect(holdersText(0)).toBe('0 holders');
    expect(holdersText(1)).toBe('1 holder');
    expect(holdersText(3)).toBe('3 holders');
    expect(holdersText(12_345)).toBe('12,345 holders');
    expect(walletsText(1)).toBe('1 wallet');
    expect(walletsText(2)).toBe('2 wallets');
  });
});

import { describe, expect, it } from 'vitest';
import { holderFacts, LISTED_HOLDERS } from './holderFacts';

describe('holderFacts', () => {
  it('labels the platform\'s keys and leaves them out of the circulating supply, the count and the top 10', () => {
    const balances = new Map<string, bigint>([
      ['pool', 900n], ['distributor', 300n], ['treasury', 200n], ['creator', 50n], ['alice', 40n], ['bob', 10n],
    ]);
    const facts = holderFacts(balances, { pools: ['pool'], distributor: 'distributor', creator: 'creator', platform: new Set(['pool', 'distributor', 'treasury']) });
    expect(facts).toEqual({
      circulatingTokens: 100n, holderCount: 3, top10Tokens: 100n, creatorTokens: 50n, largest: { wallet: 'alice', tokens: 40n },
      top: [
        { wallet: 'pool', tokens: 900n, label: 'pool' },
        { wallet: 'distributor', tokens: 300n, label: 'distributor' },
        { wallet: 'treasury', tokens: 200n, label: 'platform' },
        { wallet: 'creator', tokens: 50n, label: 'creator' },
        { wallet: 'alice', tokens: 40n, label: null },
        { wallet: 'bob', tokens: 10n, label: null },
      ],
    });
  });

  it('the top 10 are the 10 largest people; the list stops at 50, ties by address', () => {
    const balances = new Map<string, bigint>(Array.from({ length: 60 }, (_, i) => [`w${String(i).padStart(2, '0')}`, BigInt(1 + (i % 30))]));
    const facts = holderFacts(balances, { pools: [], distributor: null, creator: 'nobody', platform: new Set() });
    expect(facts.top).toHaveLength(LISTED_HOLDERS);
    expect(facts.top.slice(0, 3)).toEqual([{ wallet: 'w29', tokens: 30n, label: null }, { wallet: 'w59', tokens: 30n, label: null }, { wallet: 'w28', tokens: 29n, label: null }]);
    expect(facts.top10Tokens).toBe(2n * (30n + 29n + 28n + 27n + 26n));
    expect(facts.circulatingTokens).toBe(2n * (30n * 31n / 2n));
    expect(facts.creatorTokens).toBe(0n);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { proRata, splitOfficial } from './officialSplit';

describe('the official token split', () => {
  it('20/20/30/30, the platform taking the rounding, always adding up to the lamport', () => {
    expect(splitOfficial(1_000_000_000n)).toEqual({ holders: 200_000_000n, buyback: 200_000_000n, charity: 300_000_000n, platform: 300_000_000n });
    expect(splitOfficial(9n)).toEqual({ holders: 1n, buyback: 1n, charity: 2n, platform: 5n });
    fc.assert(fc.property(fc.bigInt({ min: 0n, max: 10n ** 18n }), (sold) => {
      const s = splitOfficial(sold);
      expect(s.holders + s.buyback + s.charity + s.platform).toBe(sold);
      expect(s.platform).toBeGreaterThanOrEqual(s.charity);
    }));
    expect(() => splitOfficial(-1n)).toThrow(RangeError);
  });

  it('pro rata shares round down, leaving less than a lamport per holder', () => {
    expect(proRata(100n, [{ owner: 'a', tokens: 1n }, { owner: 'b', tokens: 2n }]).map((s) => s.lamports)).toEqual([33n, 66n]);
    expect(proRata(100n, [])).toEqual([]);
    fc.assert(fc.property(fc.bigInt({ min: 0n, max: 10n ** 12n }), fc.array(fc.bigInt({ min: 1n, max: 10n ** 18n }), { minLength: 1, maxLength: 30 }), (pool, tokens) => {
      const shares = proRata(pool, tokens.map((t, i) => ({ owner: String(i), tokens: t })));
      const paid = shares.reduce((s, x) => s + x.lamports, 0n);
      expect(paid).toBeLessThanOrEqual(pool);
      expect(pool - paid).toBeLessThan(BigInt(tokens.length));
    }));
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitPayout } from './distribution';

describe('splitPayout', () => {
  it('gives the treasury 20% rounded down and the cause the rest, never losing a lamport', () => {
    expect(splitPayout(1_000_000n)).toEqual({ platformFee: 200_000n, donation: 800_000n });
    expect(splitPayout(9n)).toEqual({ platformFee: 1n, donation: 8n });
    fc.assert(fc.property(fc.bigInt({ min: 0n, max: 2n ** 64n }), (sold) => {
      const { donation, platformFee } = splitPayout(sold);
      expect(donation + platformFee).toBe(sold);
      expect(platformFee * 5n <= sold && sold - platformFee * 5n < 5n).toBe(true);
    }));
  });

  it('refuses a negative amount', () => {
    expect(() => splitPayout(-1n)).toThrow(RangeError);
  });
});

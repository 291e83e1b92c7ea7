import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { netOutflows, shareInProportion, splitGain } from './sharing';

const lamports = fc.bigInt({ min: 0n, max: 10n ** 15n });

describe('shareInProportion', () => {
  it('shares a gain smaller than the inflow in proportion, the rounding lamports to the largest remainders', () => {
    // A sends 1 SOL, B 1.5 SOL, the wallet keeps 2 SOL: 0.8 and 1.2.
    expect(shareInProportion(2_000_000_000n, [1_000_000_000n, 1_500_000_000n])).toEqual([800_000_000n, 1_200_000_000n]);
    expect(shareInProportion(10n, [1n, 1n, 1n])).toEqual([1n, 1n, 1n]);
    expect(shareInProportion(2n, [1n, 1n, 1n])).toEqual([1n, 1n, 0n]);
    expect(shareInProportion(5n, [3n, 3n, 3n])).toEqual([2n, 2n, 1n]);
    expect(shareInProportion(0n, [3n, 4n])).toEqual([0n, 0n]);
    expect(shareInProportion(-7n, [3n, 4n])).toEqual([0n, 0n]);
    expect(shareInProportion(9n, [])).toEqual([]);
    expect(() => shareInProportion(1n, [-1n])).toThrow(RangeError);
  });

  it('never gives a share above its weight, sums exactly to what there is, and stays within a lamport of the exact share', () => {
    fc.assert(fc.property(fc.bigInt({ min: -(10n ** 12n), max: 10n ** 16n }), fc.array(lamports, { minLength: 1, maxLength: 12 }), (total, weights) => {
      const shares = shareInProportion(total, weights);
      const sum = weights.reduce((a, b) => a + b, 0n);
      const available = total < 0n ? 0n : total;
      expect(shares.reduce((a, b) => a + b, 0n)).toBe(available < sum ? available : sum);
      shares.forEach((share, i) => {
        expect(share >= 0n && share <= weights[i]!).toBe(true);
        if (available < sum) {
          // |share * sum - available * weight| < sum: off by less than one lamport.
          const diff = share * sum - available * weights[i]!;
          expect(diff > -sum && diff < sum).toBe(true);
        }
      });
      expect(shareInProportion(total, weights)).toEqual(shares);
    }));
  });
});

describe('splitGain', () => {
  it('serves the distributor\'s payouts first, then shares the rest among direct donations, never above the gain', () => {
    expect(splitGain(6n, [4n], [2n, 3n])).toEqual({ rewards: [4n], directs: [1n, 1n] });
    expect(splitGain(3n, [4n], [2n])).toEqual({ rewards: [3n], directs: [0n] });
    fc.assert(fc.property(fc.bigInt({ min: -(10n ** 12n), max: 10n ** 16n }), fc.array(lamports, { maxLength: 3 }), fc.array(lamports, { maxLength: 8 }), (gain, rewards, directs) => {
      const split = splitGain(gain, rewards, directs);
      const total = [...split.rewards, ...split.directs].reduce((a, b) => a + b, 0n);
      expect(total <= (gain < 0n ? 0n : gain)).toBe(true);
      const rewardSum = rewards.reduce((a, b) => a + b, 0n);
      // A direct donation gets anything only once every payout is paid in full.
      if (split.directs.some((d) => d > 0n)) expect(split.rewards.reduce((a, b) => a + b, 0n)).toBe(rewardSum);
    }));
  });
});

describe('netOutflows', () => {
  it('is what the wallet sent each address less what that address sent it in the same transaction', () => {
    const out = netOutflows('W', [
      { source: 'W', destination: 'X', lamports: 5n }, { source: 'X', destination: 'W', lamports: 5n }, // a wash: no outflow
      { source: 'W', destination: 'F', lamports: 7n }, { source: 'F', destination: 'W', lamports: 2n },
      { source: 'A', destination: 'W', lamports: 9n }, { source: 'W', destination: 'W', lamports: 100n },
      { source: 'B', destination: 'C', lamports: 4n },
    ]);
    expect([...out]).toEqual([['F', 5n]]);
  });
});

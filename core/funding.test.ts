import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { funding, fundingBarPercent, fundingPercentText, raisedOfGoalText } from './funding';

const SOL = 1_000_000_000n;

describe('raised against the goal', () => {
  it("reads as a donor reads it: WATER's 2.844 of 120 SOL is 2.3%, not 100%", () => {
    const water = funding(2_844_378_016n, 120n * SOL);
    expect([raisedOfGoalText(water), fundingPercentText(water), water.reached]).toEqual(['2.84 of 120 SOL', '2.3%', false]);
    expect(fundingPercentText(funding(100n * SOL, 100n * SOL))).toBe('100%');
    expect(fundingPercentText(funding(150_500_000_000n, 100n * SOL))).toBe('150.5%');
    expect(fundingPercentText(funding(0n, 100n * SOL))).toBe('0%');
    expect(raisedOfGoalText(funding(400_000n, 100n * SOL))).toBe('<0.01 of 100 SOL');
    // No goal stored: the default goal a page shows (100 SOL).
    expect(raisedOfGoalText(funding(5n * SOL, 0n))).toBe('5.00 of 100 SOL');
  });

  it('never shows more than was raised: 100% and a full bar only once the goal is reached', () => {
    fc.assert(fc.property(fc.bigInt({ min: 0n, max: 10n ** 15n }), fc.bigInt({ min: 1n, max: 10n ** 15n }), (raised, goal) => {
      const f = funding(raised, goal);
      const shownPercent = Number(fundingPercentText(f).replace('%', ''));
      // Cut: at most the true ratio, less than a tenth of a percent under it.
      expect(shownPercent * Number(goal)).toBeLessThanOrEqual(Number(raised) * 100 * (1 + 1e-12));
      expect(f.reached).toBe(raised >= goal);
      expect(shownPercent >= 100).toBe(f.reached);
      expect(fundingBarPercent(f) === 100).toBe(f.reached);
    }));
  });
});

import { describe, expect, it } from 'vitest';
import { CAMPAIGN_TRADE_TAX, claimShareLamports, OFFICIAL_TRADE_TAX } from './tradeTax';

describe('trade fee shown in the quote', () => {
  it('names each token kind by its own pool fee: campaigns 6% for the cause, the official token 10% (30% charity giveaways)', () => {
    expect(CAMPAIGN_TRADE_TAX).toEqual({ bps: 600, shareLabel: 'For the cause' });
    expect(OFFICIAL_TRADE_TAX).toEqual({ bps: 1000, shareLabel: 'Charity giveaways', claimSharePercent: 30 });
  });

  it('takes the share of the claimable fee in bigint, rounding down', () => {
    expect(claimShareLamports(31_000n, 30)).toBe(9_300n);
    expect(claimShareLamports(31_001n, 75)).toBe(23_250n);
    expect(claimShareLamports(3n, 30)).toBe(0n);
    expect(claimShareLamports(123_456_789_012_345n, 100)).toBe(123_456_789_012_345n);
  });
});

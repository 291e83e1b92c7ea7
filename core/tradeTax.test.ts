import { describe, expect, it } from 'vitest';
import { CAMPAIGN_TRADE_TAX, OFFICIAL_TRADE_TAX, taxShareLamports } from './tradeTax';

describe('trade tax shown in the quote', () => {
  it('names each token kind by its own tax: campaigns 6% (80% for the cause), the official token 10% (30% charity giveaways)', () => {
    expect(CAMPAIGN_TRADE_TAX).toEqual({ bps: 600, shareLabel: 'For the cause', sharePercent: 80 });
    expect(OFFICIAL_TRADE_TAX).toEqual({ bps: 1000, shareLabel: 'Charity giveaways', sharePercent: 30, claimSharePercent: 30 });
  });

  it('prices the fee tokens at the average price, in bigint, rounding down', () => {
    // 1,000 whole tokens of fee at 0.000000031 SOL each = 31,000 lamports; 30% = 9,300.
    expect(taxShareLamports(1_000n * 10n ** 9n, '0.000000031', 30)).toBe(9_300n);
    // 80% of 31,000 = 24,800.
    expect(taxShareLamports(1_000n * 10n ** 9n, '0.000000031', 80)).toBe(24_800n);
    // 18 decimals of price and an odd fee: exact floor, no float drift.
    expect(taxShareLamports(123_456_789_012n, '0.000000028123456789', 30)).toBe(1_041n);
    expect(taxShareLamports(0n, '0.5', 30)).toBe(0n);
  });
});

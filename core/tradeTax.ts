// What the trade widget says about a trade's tax: the rate, and the part of it that goes
// to a good cause, in SOL. A campaign token's 6% tax is sold at the next payout and 80% of
// the SOL reaches its donation wallet (20% is the platform fee); the official token's 10%
// tax is split 20/20/30/30 and its charity giveaways are 30% of it (core/officialSplit.ts).

import { CAMPAIGN_TAX_BPS, OFFICIAL_TOKEN_TAX_BPS, PLATFORM_FEE_PERCENT_OF_REWARDS } from './constants';
import { parseUnits } from './money';
import { OFFICIAL_SHARE_PERCENT } from './officialSplit';

export type TradeTax = {
  /** The token's transfer fee. */
  bps: number;
  /** The quote row naming what the good cause gets. */
  shareLabel: string;
  /** That part's percent of the tax. */
  sharePercent: number;
  /** On a DBC pool: that part's percent of what is claimed of the pool's fee (a campaign's: all but the platform's share). */
  claimSharePercent?: number;
};

export const CAMPAIGN_TRADE_TAX: TradeTax = { bps: CAMPAIGN_TAX_BPS, shareLabel: 'For the cause', sharePercent: 100 - PLATFORM_FEE_PERCENT_OF_REWARDS };
export const OFFICIAL_TRADE_TAX: TradeTax = {
  bps: OFFICIAL_TOKEN_TAX_BPS, shareLabel: 'Charity giveaways', sharePercent: OFFICIAL_SHARE_PERCENT.charity, claimSharePercent: OFFICIAL_SHARE_PERCENT.charity,
};

/** The cause's part of a DBC trade's claimable fee (lamports), rounded down. */
export function claimShareLamports(claimableLamports: bigint, sharePercent: number): bigint {
  return (claimableLamports * BigInt(sharePercent)) / 100n;
}

// The quote's averagePrice is SOL per whole token with up to 18 decimals (server/routes/curve/read.ts).
const PRICE_DECIMALS = 18;

/**
 * Lamports the cause gets from a trade's tax, estimated at the trade's average price (the
 * withheld tokens are sold later, at that day's price): fee tokens (base units, 9 decimals)
 * times SOL per whole token is lamports; then `sharePercent` of it, rounded down.
 */
export function taxShareLamports(feeBaseUnits: bigint, averagePrice: string, sharePercent: number): bigint {
  const pricePerToken = parseUnits(averagePrice, PRICE_DECIMALS, 'Average price');
  const lamports = (feeBaseUnits * pricePerToken) / 10n ** BigInt(PRICE_DECIMALS);
  return (lamports * BigInt(sharePercent)) / 100n;
}

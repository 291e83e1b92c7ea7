// What the trade widget says about a trade's fee: the rate, and the part of it that goes to a
// good cause, in SOL. A campaign's pool keeps 6% of every trade in SOL and what is claimed of
// it (all but DBC's protocol share) is the cause's, less the platform's share when the operator
// sets one; the official token's pool fee is 10% and its charity giveaways are 30% of what is
// claimed (core/officialSplit.ts).

import { CAMPAIGN_TAX_BPS, OFFICIAL_TOKEN_TAX_BPS } from './constants';
import { OFFICIAL_SHARE_PERCENT } from './officialSplit';

export type TradeTax = {
  /** The pool's fee on every trade. */
  bps: number;
  /** The quote row naming what the good cause gets. */
  shareLabel: string;
  /**
   * That part's percent of what is claimed of the pool's fee. Absent for a campaign: its cause
   * gets all but the platform's share, which only the config knows (the widget fills it in).
   */
  claimSharePercent?: number;
};

export const CAMPAIGN_TRADE_TAX: TradeTax = { bps: CAMPAIGN_TAX_BPS, shareLabel: 'For the cause' };
export const OFFICIAL_TRADE_TAX: TradeTax = { bps: OFFICIAL_TOKEN_TAX_BPS, shareLabel: 'Charity giveaways', claimSharePercent: OFFICIAL_SHARE_PERCENT.charity };

/** The cause's part of a trade's claimable fee (lamports), rounded down. */
export function claimShareLamports(claimableLamports: bigint, sharePercent: number): bigint {
  return (claimableLamports * BigInt(sharePercent)) / 100n;
}

// The one account of where a campaign token's tax goes, told the same way on every page:
// the chain's. The token withholds 6% of every transfer; the distributor sells what was
// withheld for SOL and pays 80% of it to the donation wallet and 20% to the platform, at
// the configured interval (GET /api/config payoutIntervalMs).

import { CAMPAIGN_TAX_BPS, PLATFORM_FEE_PERCENT_OF_REWARDS } from './constants';
import { causeBpsOfTrade } from './curve/dbc';

export const TAX_PERCENT = CAMPAIGN_TAX_BPS / 100;
export const CAUSE_PERCENT = 100 - PLATFORM_FEE_PERCENT_OF_REWARDS;
export const PLATFORM_PERCENT = PLATFORM_FEE_PERCENT_OF_REWARDS;
/** What reaches the cause per 100 SOL traded, at the trade's price: 6% × 80% = 4.8%. */
export const CAUSE_PERCENT_OF_TRADE = (CAMPAIGN_TAX_BPS * CAUSE_PERCENT) / 10_000;

/** 'every minute', 'every 10 minutes', 'every hour', 'every 90 seconds'. */
export function everyInterval(ms: number): string {
  if (ms % 3_600_000 === 0) return ms === 3_600_000 ? 'every hour' : `every ${ms / 3_600_000} hours`;
  if (ms % 60_000 === 0) return ms === 60_000 ? 'every minute' : `every ${ms / 60_000} minutes`;
  const seconds = Math.round(ms / 1000);
  return seconds === 1 ? 'every second' : `every ${seconds} seconds`;
}

/** The whole story in one sentence (How It Works, the funding card, the terms). */
export function taxStory(intervalMs: number): string {
  return `${TAX_PERCENT}% of every trade is withheld by the token, sold for SOL and paid out ${everyInterval(intervalMs)}: `
    + `${CAUSE_PERCENT}% to the campaign's donation wallet, ${PLATFORM_PERCENT}% to the platform.`;
}

/** The short form, where a line must do (the Support dialog, the launch form). */
export const TAX_SHORT = `${TAX_PERCENT}% of every trade is withheld and sold; ${CAUSE_PERCENT}% of it is paid to the cause in SOL`;

/**
 * A campaign on its own Meteora DBC pool (issue 36): no token tax; the pool's 6% fee is collected
 * in SOL, the bonding-curve program keeps its protocol's fifth, and the rest is the cause's,
 * claimed straight to the donation wallet (after graduation the locked DAMM v2 position's fee the same way).
 */
export function dbcTaxStory(intervalMs: number): string {
  return `${TAX_PERCENT}% of every trade is the pool's fee, kept in SOL: Meteora's bonding-curve program keeps a fifth of it, `
    + `and the rest, ${causeBpsOfTrade(0) / 100}% of every trade, is claimed straight to the campaign's donation wallet ${everyInterval(intervalMs)}. Nothing is sold.`;
}

/** The short form for a DBC pool (the launch form in DBC mode). */
export const DBC_TAX_SHORT = `${TAX_PERCENT}% of every trade is the pool's fee in SOL; ${causeBpsOfTrade(0) / 100}% of every trade is claimed for the cause, nothing sold`;

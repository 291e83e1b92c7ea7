// The one account of where a campaign's trading fee goes, told the same way on every page:
// the chain's. Each campaign trades in its own DBC pool (issue 36), which keeps a 6% fee in
// SOL; DBC keeps a fifth of it, and the distributor claims the rest straight to the donation
// wallet (any platform share to the platform's treasury) at the configured interval
// (GET /api/config payoutIntervalMs). Nothing is withheld from a transfer and nothing is sold.

import { CAMPAIGN_TAX_BPS } from './constants';
import { causeBpsOfTrade } from './curve/dbc';

export const TAX_PERCENT = CAMPAIGN_TAX_BPS / 100;

/** 'every minute', 'every 10 minutes', 'every hour', 'every 90 seconds'. */
export function everyInterval(ms: number): string {
  if (ms % 3_600_000 === 0) return ms === 3_600_000 ? 'every hour' : `every ${ms / 3_600_000} hours`;
  if (ms % 60_000 === 0) return ms === 60_000 ? 'every minute' : `every ${ms / 60_000} minutes`;
  const seconds = Math.round(ms / 1000);
  return seconds === 1 ? 'every second' : `every ${seconds} seconds`;
}

const percentText = (bps: number) => `${Number((bps / 100).toFixed(2))}%`;

/**
 * Where the pool's fee goes after DBC's fifth: the cause, and the platform's share when it takes one
 * (CURVE_PLATFORM_SHARE_PERCENT), each claimed at the payout interval (the distributor's
 * 'dbc_claim' and 'partner_claim' runs): the cause's to its donation wallet, the platform's to its treasury.
 */
function split(platformSharePercent: number, intervalMs: number): string {
  const cause = percentText(causeBpsOfTrade(platformSharePercent));
  const every = everyInterval(intervalMs);
  if (platformSharePercent === 0) return `the rest, ${cause} of every trade, is claimed straight to the campaign's donation wallet ${every}`;
  const platform = percentText(causeBpsOfTrade(0) - causeBpsOfTrade(platformSharePercent));
  return `of the rest, ${cause} of every trade is claimed straight to the campaign's donation wallet and ${platform} to the platform's treasury, both ${every}`;
}

/**
 * The whole story in one sentence (How It Works, the funding card): the pool's 6% fee is collected
 * in SOL, the bonding-curve program keeps its protocol's fifth, and the rest is the cause's (less the
 * platform's share, when the operator sets one), claimed straight to the donation wallet (after
 * graduation the locked DAMM v2 position's fee the same way).
 */
export function taxStoryOf(platformSharePercent: number, intervalMs: number): string {
  return `${TAX_PERCENT}% of every trade is the pool's fee, kept in SOL: Meteora's bonding-curve program keeps a fifth of it, `
    + `and ${split(platformSharePercent, intervalMs)}. Nothing is sold.`;
}

/** The short form, where a line must do (the Support dialog, the launch form). */
export function taxShortOf(platformSharePercent: number): string {
  return `${TAX_PERCENT}% of every trade is the pool's fee in SOL; ${percentText(causeBpsOfTrade(platformSharePercent))} of every trade is claimed for the cause, nothing sold`;
}

/** One line for the Home page's "Every trade gives" card. */
export function taxCardOf(platformSharePercent: number): string {
  return `The pool's ${TAX_PERCENT}% fee is kept in SOL; ${percentText(causeBpsOfTrade(platformSharePercent))} of every trade is claimed for the cause.`;
}

/** What the donation wallet receives, told beside the launch form's donation wallet field. */
export function donationWalletShareOf(platformSharePercent: number): string {
  return `${percentText(causeBpsOfTrade(platformSharePercent))} of every trade, claimed from the pool in SOL, goes to this wallet.`;
}

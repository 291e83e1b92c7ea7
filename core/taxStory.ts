// The one account of where a campaign's trading fee goes, told the same way on every page:
// the chain's. On a campaign's own DBC pool (the default, issue 36) the pool keeps a 6% fee
// in SOL, DBC keeps a fifth of it, and the distributor claims the rest straight to the donation
// wallet (any platform share to the platform's treasury). On the custodial design the token
// withholds 6% of every transfer, and the distributor sells it for SOL and pays 80% to the
// donation wallet and 20% to the platform. Both at the configured interval (GET /api/config
// payoutIntervalMs).

import { CAMPAIGN_TAX_BPS, PLATFORM_FEE_PERCENT_OF_REWARDS } from './constants';
import { causeBpsOfTrade } from './curve/dbc';
import type { CurveProgram } from './schemas/launch';

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

const percentText = (bps: number) => `${Number((bps / 100).toFixed(2))}%`;

/**
 * Where the pool's fee goes after DBC's fifth: the cause, and the platform's share when it takes one
 * (CURVE_PLATFORM_SHARE_PERCENT), each claimed at the payout interval (the distributor's
 * 'dbc_claim' and 'partner_claim' runs): the cause's to its donation wallet, the platform's to its treasury.
 */
function dbcSplit(platformSharePercent: number, intervalMs: number): string {
  const cause = percentText(causeBpsOfTrade(platformSharePercent));
  const every = everyInterval(intervalMs);
  if (platformSharePercent === 0) return `the rest, ${cause} of every trade, is claimed straight to the campaign's donation wallet ${every}`;
  const platform = percentText(causeBpsOfTrade(0) - causeBpsOfTrade(platformSharePercent));
  return `of the rest, ${cause} of every trade is claimed straight to the campaign's donation wallet and ${platform} to the platform's treasury, both ${every}`;
}

/**
 * A campaign on its own Meteora DBC pool (issue 36): no token tax; the pool's 6% fee is collected
 * in SOL, the bonding-curve program keeps its protocol's fifth, and the rest is the cause's (less the
 * platform's share, when the operator sets one, claimed to the treasury), claimed straight to the
 * donation wallet (after graduation the locked DAMM v2 position's fee the same way).
 */
export function dbcTaxStory(intervalMs: number, platformSharePercent = 0): string {
  return `${TAX_PERCENT}% of every trade is the pool's fee, kept in SOL: Meteora's bonding-curve program keeps a fifth of it, `
    + `and ${dbcSplit(platformSharePercent, intervalMs)}. Nothing is sold.`;
}

/** The short form for a DBC pool (the launch form, the Support dialog). */
export function dbcTaxShort(platformSharePercent = 0): string {
  return `${TAX_PERCENT}% of every trade is the pool's fee in SOL; ${percentText(causeBpsOfTrade(platformSharePercent))} of every trade is claimed for the cause, nothing sold`;
}
export const DBC_TAX_SHORT = dbcTaxShort(0);

export type TaxTerms = { program: CurveProgram; platformSharePercent: number };

/** The whole story for campaigns launched the way `terms` says (a DBC pool, or the custodial token tax). */
export function taxStoryOf(terms: TaxTerms, intervalMs: number): string {
  return terms.program === 'dbc' ? dbcTaxStory(intervalMs, terms.platformSharePercent) : taxStory(intervalMs);
}

/** The short form for campaigns launched the way `terms` says. */
export function taxShortOf(terms: TaxTerms): string {
  return terms.program === 'dbc' ? dbcTaxShort(terms.platformSharePercent) : TAX_SHORT;
}

/** One line for the Home page's "Every trade gives" card. */
export function taxCardOf(terms: TaxTerms): string {
  return terms.program === 'dbc'
    ? `The pool's ${TAX_PERCENT}% fee is kept in SOL; ${percentText(causeBpsOfTrade(terms.platformSharePercent))} of every trade is claimed for the cause.`
    : `${TAX_PERCENT}% of every trade is withheld and sold; ${CAUSE_PERCENT}% of it is paid to the cause in SOL.`;
}

/** What the donation wallet receives, told beside the launch form's donation wallet field. */
export function donationWalletShareOf(terms: TaxTerms): string {
  return terms.program === 'dbc'
    ? `${percentText(causeBpsOfTrade(terms.platformSharePercent))} of every trade, claimed from the pool in SOL, goes to this wallet.`
    : `${CAUSE_PERCENT}% of the tax, sold for SOL, goes to this wallet.`;
}

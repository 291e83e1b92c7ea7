import { COOKIE_LIFETIME_DAYS } from '../../core/constants';
import { deleteCookie, getCookie, getPreference, setCookie } from './cookies';

// Spec 2 sections 3 and 9, and the Privacy Notice: visited-campaigns, wallet-connection and
// theme-preference are functional cookies. They are written only while the visitor's
// recorded choice allows functional cookies (Accept), and removed when they decline.

export const VISITED_CAMPAIGNS_COOKIE = 'visited-campaigns';
export const WALLET_CONNECTION_COOKIE = 'wallet-connection';
export const THEME_COOKIE = 'theme-preference';
export const FUNCTIONAL_COOKIES = [VISITED_CAMPAIGNS_COOKIE, WALLET_CONNECTION_COOKIE, THEME_COOKIE] as const;

/** At most this many campaigns are remembered, most recent first. */
export const MAX_VISITED_CAMPAIGNS = 10;

const BASE58_ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;

export function functionalAllowed(): boolean {
  return getPreference('functional');
}

/** The token addresses of the campaigns visited in the last 7 days, most recent first. */
export function visitedCampaigns(): string[] {
  const raw = getCookie(VISITED_CAMPAIGNS_COOKIE);
  if (!raw) return [];
  return raw.split(',').filter((address) => BASE58_ADDRESS.test(address)).slice(0, MAX_VISITED_CAMPAIGNS);
}

/** Remembers a campaign page visit (a no-op without functional consent). */
export function recordVisitedCampaign(tokenAddress: string): void {
  if (!functionalAllowed() || !BASE58_ADDRESS.test(tokenAddress)) return;
  const list = [tokenAddress, ...visitedCampaigns().filter((address) => address !== tokenAddress)].slice(0, MAX_VISITED_CAMPAIGNS);
  setCookie(VISITED_CAMPAIGNS_COOKIE, list.join(','), COOKIE_LIFETIME_DAYS.visitedCampaigns);
}

/** The wallet the visitor connected last (its name, never its address), for 30 days. */
export function recordWalletConnection(walletName: string): void {
  if (!functionalAllowed()) return;
  setCookie(WALLET_CONNECTION_COOKIE, walletName, COOKIE_LIFETIME_DAYS.walletConnection);
}

export function forgetWalletConnection(): void {
  if (getCookie(WALLET_CONNECTION_COOKIE) !== undefined) deleteCookie(WALLET_CONNECTION_COOKIE);
}

export function removeFunctionalCookies(): void {
  for (const name of FUNCTIONAL_COOKIES) deleteCookie(name);
}

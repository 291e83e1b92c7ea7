// The one holder count and the one share basis (issue 34), used by every page, API field and
// badge that shows either:
// - a holder is a wallet (an owner, not a token account: its accounts of the mint summed) with a
//   positive balance of the mint, platform keys left out (the curve's pool, the campaign's
//   distributor, the treasury and every other key the platform holds);
// - the circulating supply is what those holders hold together, and a share is of that.
// Pure: the server reads the balances and says which addresses are platform keys.

import { groupThousands } from './format';

export type HolderCount = {
  /** Wallets holding the mint, platform keys left out. */
  count: number;
  /** What they hold together: the basis of every holder share. */
  circulatingTokens: bigint;
};

/** The holder count and the circulating supply from every owner's balance of the mint. */
export function countHolders(balances: ReadonlyMap<string, bigint>, isPlatform: (wallet: string) => boolean): HolderCount {
  let count = 0;
  let circulatingTokens = 0n;
  for (const [wallet, tokens] of balances) {
    if (tokens <= 0n || isPlatform(wallet)) continue;
    count += 1;
    circulatingTokens += tokens;
  }
  return { count, circulatingTokens };
}

/**
 * A holder's share of the circulating supply in percent, rounded down to two decimals
 * ("12.34"); "<0.01" for a positive holding too small to show, null when nothing circulates.
 * A holding above the basis (a basis read before the holding grew) shows as "100.00".
 */
export function holderShare(tokens: bigint, circulatingTokens: bigint): string | null {
  if (circulatingTokens <= 0n) return null;
  if (tokens <= 0n) return '0.00';
  const hundredths = ((tokens < circulatingTokens ? tokens : circulatingTokens) * 10_000n) / circulatingTokens;
  if (hundredths === 0n) return '<0.01';
  return `${hundredths / 100n}.${(hundredths % 100n).toString().padStart(2, '0')}`;
}

/** "1 holder", "2 holders", "12,345 holders". */
export function holdersText(count: number): string {
  return `${groupThousands(String(count))} ${count === 1 ? 'holder' : 'holders'}`;
}

/** "1 wallet", "12,345 wallets". */
export function walletsText(count: number): string {
  return `${groupThousands(String(count))} ${count === 1 ? 'wallet' : 'wallets'}`;
}

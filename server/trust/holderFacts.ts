import { countHolders } from '../../core/holders';
import { TOP_HOLDERS, type Holder, type HolderFacts, type HolderLabel } from '../../core/trust';

/** How many holders the panel's Holders tab lists. */
export const LISTED_HOLDERS = 50;

export type HolderWallets = {
  /** Who holds the curve's unsold tokens: a custodial pool wallet, or a DBC (then DAMM v2) pool's vault authority. */
  pools: readonly string[];
  distributor: string | null; creator: string; platform: ReadonlySet<string>;
};

/**
 * The holder figures from the balances: platform keys (the pool, the distributor, any
 * other platform key) are labelled and left out of the count, the circulating supply and the
 * top 10, as core/holders.ts defines them for every page.
 */
export function holderFacts(balances: ReadonlyMap<string, bigint>, wallets: HolderWallets): HolderFacts {
  const labelOf = (wallet: string): HolderLabel | null => {
    if (wallets.pools.includes(wallet)) return 'pool';
    if (wallet === wallets.distributor) return 'distributor';
    if (wallets.platform.has(wallet)) return 'platform';
    return wallet === wallets.creator ? 'creator' : null;
  };
  const all: Holder[] = [...balances].map(([wallet, tokens]) => ({ wallet, tokens, label: labelOf(wallet) }))
    .sort((a, b) => (a.tokens === b.tokens ? (a.wallet < b.wallet ? -1 : 1) : a.tokens > b.tokens ? -1 : 1));
  const people = all.filter((h) => h.label === null || h.label === 'creator');
  const counted = countHolders(balances, (wallet) => { const label = labelOf(wallet); return label !== null && label !== 'creator'; });
  const largest = people.find((h) => h.label === null);
  return {
    circulatingTokens: counted.circulatingTokens,
    holderCount: counted.count,
    top10Tokens: people.slice(0, TOP_HOLDERS).reduce((sum, h) => sum + h.tokens, 0n),
    creatorTokens: people.some((h) => h.label === 'creator') ? balances.get(wallets.creator) ?? 0n : 0n,
    largest: largest ? { wallet: largest.wallet, tokens: largest.tokens } : null,
    top: all.slice(0, LISTED_HOLDERS),
  };
}

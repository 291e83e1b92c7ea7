import { TOKEN_TOTAL_SUPPLY } from '../../core/constants';
import { perServices, type Services } from '../services';
import { holderBalances } from '../trust/holderBalances';

/** A page of comments reads every holder of the mint once; this keeps that answer briefly. */
const HOLDERS_CACHE_MS = 5_000;

type Entry = { at: number; balances: Promise<Map<string, bigint>> };

/**
 * Each wallet's holding of a mint, read the way the trust panel reads holders (the
 * chain, through the chain service), kept per process for 5 s and dropped at once when
 * this process sees a trade on the mint: safe to lose, and per process by design.
 */
export const holderSharesOf: (services: Services) => (mint: string) => Promise<Map<string, bigint>> = perServices((services) => {
  const cache = new Map<string, Entry>();
  services.trading.onTrade((event) => { cache.delete(event.mint); });
  return (mint: string) => {
    const now = services.now().getTime();
    const hit = cache.get(mint);
    if (hit && now - hit.at < HOLDERS_CACHE_MS) return hit.balances;
    const balances = holderBalances(services.chain, mint);
    cache.set(mint, { at: now, balances });
    balances.catch(() => cache.delete(mint));
    if (cache.size > 2_000) for (const [key, entry] of cache) if (now - entry.at >= HOLDERS_CACHE_MS) cache.delete(key);
    return balances;
  };
});

/** A holding as a percentage of the fixed supply, two decimals ('<0.01' for a crumb). */
export function sharePercent(amount: bigint): string {
  const hundredths = (amount * 10_000n) / TOKEN_TOTAL_SUPPLY;
  if (hundredths === 0n) return '<0.01';
  return `${hundredths / 100n}.${String(hundredths % 100n).padStart(2, '0')}`;
}

// One market-data service per Services (a WeakMap, so the Services type stays as it is):
// figures per mint cached briefly, dropped when a trade on that mint commits in this
// process, and written back to the campaign row (holders included) whenever computed.

import { eq, or } from 'drizzle-orm';
import { bondingProgressPercent, marketCapLamports } from '../../core/curve';
import type { MarketDataResponse } from '../../core/schemas/trade';
import { campaigns } from '../db/schema';
import { notFound } from '../http/errors';
import { perServices, type Services } from '../services';
import { TRADE_ERRORS } from '../curve/tradeErrors';
import { findCurvePool, stateOfPool } from '../curve/pools';
import { readHolders } from './holders';
import { buildMarketData, readTradeWindow } from './marketData';

/** Holders (core/holders.ts) come from a scan of the mint's token accounts: worth keeping a few seconds. */
export const MARKET_CACHE_MS = 5_000;

export type MarketService = {
  /** The token's market figures; 404 'Pool not found' for a mint without a curve pool. */
  get(mint: string): Promise<MarketDataResponse>;
  /** Forget the cached figures of a mint (after a trade). */
  invalidate(mint: string): void;
};

export const marketOf: (services: Services) => MarketService = perServices(createMarketService);

function createMarketService(services: Services): MarketService {
  const cache = new Map<string, { at: number; value: Promise<MarketDataResponse> }>();

  const lastHolders = async (mint: string): Promise<number | null> => {
    const [row] = await services.db.select({ holders: campaigns.cachedHolders }).from(campaigns).where(eq(campaigns.tokenAddress, mint));
    return row?.holders ?? null;
  };

  const compute = async (mint: string): Promise<MarketDataResponse> => {
    const pool = await findCurvePool(services.db, mint);
    if (!pool) throw notFound(TRADE_ERRORS.poolNotFound);
    const now = services.now();
    const [window, counted] = await Promise.all([
      readTradeWindow(services.db, mint, now),
      // Some RPC providers refuse program-account scans: keep the last count (spec: a holders failure shows 0).
      readHolders(services, mint).catch((err: unknown) => {
        services.log.warn({ err, mint }, 'holders scan failed');
        return null;
      }),
    ]);
    const holders = counted?.count ?? (await lastHolders(mint)) ?? 0;
    const data = buildMarketData({ pool, window, holders, solUsd: services.env.SOL_USD, now });
    // The campaign row keeps these for lists and sorting; a campaign saved after its
    // curve's last trade (the launch flow's initial buy) gets them here too.
    const state = stateOfPool(pool);
    const cap = marketCapLamports(state);
    const progress = bondingProgressPercent(state).toFixed(2);
    await services.db.update(campaigns).set({
      ...(counted === null ? {} : { holders, cachedHolders: holders, circulatingTokens: counted.circulatingTokens }), marketCapLamports: cap, cachedMarketCapLamports: cap, bondingCurveProgress: progress,
      cachedBondingProgress: progress, cachedVolume24hLamports: window.volume24h, marketDataUpdatedAt: now,
      ...(state.complete ? { isBonded: true } : {}),
    }).where(pool.campaignId === null ? eq(campaigns.tokenAddress, mint) : or(eq(campaigns.id, pool.campaignId), eq(campaigns.tokenAddress, mint)));
    return data;
  };

  return {
    get(mint) {
      const now = services.now().getTime();
      const hit = cache.get(mint);
      if (hit && now - hit.at < MARKET_CACHE_MS) return hit.value;
      const value = compute(mint);
      cache.set(mint, { at: now, value });
      // A failure is not cached: the next read tries again.
      value.catch(() => { if (cache.get(mint)?.value === value) cache.delete(mint); });
      if (cache.size > 5_000) for (const [key, entry] of cache) if (now - entry.at >= MARKET_CACHE_MS) cache.delete(key);
      return value;
    },
    invalidate(mint) {
      cache.delete(mint);
    },
  };
}

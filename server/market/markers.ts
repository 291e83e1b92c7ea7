// A token's chart markers, cached per mint for a few seconds and dropped when a trade on
// the mint commits in this process (the trade hooks): the chart refetches on every trade,
// and between trades the same answer serves every viewer. Another process's trade, or a
// payout, shows here once the entry ages out (MARKET_CACHE_MS), as the market figures do.

import type { ChartMarkersResponse } from '../../core/chartMarkers';
import { notFound } from '../http/errors';
import { presentChartMarkers } from '../presenters/chartMarkers';
import { perServices, type Services } from '../services';
import { TRADE_ERRORS } from '../curve/tradeErrors';
import { findCurvePool } from '../curve/pools';
import { readMarkerFacts } from './markerFacts';
import { MARKET_CACHE_MS } from './service';

export type MarkersService = {
  /** 404 'Pool not found' for a mint without a curve pool. */
  get(mint: string): Promise<ChartMarkersResponse>;
  invalidate(mint: string): void;
};

const MAX_ENTRIES = 5_000;
export const markersOf: (services: Services) => MarkersService = perServices(createMarkersService);

function createMarkersService(services: Services): MarkersService {
  const cache = new Map<string, { at: number; value: Promise<ChartMarkersResponse> }>();
  const compute = async (mint: string) => {
    const pool = await findCurvePool(services.db, mint);
    if (!pool) throw notFound(TRADE_ERRORS.poolNotFound);
    return presentChartMarkers(await readMarkerFacts(services.db, pool));
  };
  return {
    get(mint) {
      const now = services.now().getTime();
      const hit = cache.get(mint);
      if (hit && now - hit.at < MARKET_CACHE_MS) return hit.value;
      const value = compute(mint);
      cache.set(mint, { at: now, value });
      // A failure (an unknown mint included) is not kept: nothing grows from junk addresses.
      value.catch(() => { if (cache.get(mint)?.value === value) cache.delete(mint); });
      if (cache.size > MAX_ENTRIES) for (const [key, entry] of cache) if (now - entry.at >= MARKET_CACHE_MS) cache.delete(key);
      return value;
    },
    invalidate(mint) {
      cache.delete(mint);
    },
  };
}

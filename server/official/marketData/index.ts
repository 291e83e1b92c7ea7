// The external market-data adapter for an official token that trades elsewhere (cluster
// mode): DexScreener's pool pair for price, changes, volumes and market cap, Birdeye's
// token overview for holders (and as a fallback for the rest). Spec 1's limits: DexScreener
// answers cached 20 minutes, Birdeye's 30 minutes and at most 30 requests a minute; an
// answer that fails keeps the last good one (token-data errors keep the old values), and
// with none the figure is null (the page shows its fallbacks).

import type { Services } from '../../services';
import type { OfficialFigures } from '../figures';
import { overviewPath, parseBirdeyeOverview, type BirdeyeOverview } from './birdeye';
import { pairPath, parseDexPair, type DexPair } from './dexscreener';
import { getJson } from './http';

export const DEXSCREENER_CACHE_MS = 20 * 60_000;
export const BIRDEYE_CACHE_MS = 30 * 60_000;
export const BIRDEYE_REQUESTS_PER_MINUTE = 30;

export type MarketDataOptions = {
  dexscreenerUrl: string; birdeyeUrl: string; birdeyeKey?: string;
  dexCacheMs?: number; birdeyeCacheMs?: number; birdeyePerMinute?: number; retryWaitMs?: number; now?: () => number;
};

type Entry<T> = { at: number; value: T | null; failedAt?: number; pending?: Promise<T | null> };

// After a failed fetch, the next one waits this long (a page refreshing every 30 s must not hammer a failing API).
export const FAILURE_BACKOFF_MS = 30_000;

/** A value fetched at most once per `ttlMs`; a failed fetch keeps the previous value. */
class Cached<T> {
  private readonly entries = new Map<string, Entry<T>>();
  constructor(private readonly ttlMs: number, private readonly now: () => number) {}

  async get(key: string, load: () => Promise<T | null>): Promise<T | null> {
    const entry = this.entries.get(key);
    if (entry?.pending) return entry.pending;
    if (entry && entry.value !== null && this.now() - entry.at < this.ttlMs) return entry.value;
    if (entry?.failedAt !== undefined && this.now() - entry.failedAt < FAILURE_BACKOFF_MS) return entry.value;
    const pending = load().then((fresh) => {
      const keep = fresh ?? entry?.value ?? null;
      this.entries.set(key, fresh === null
        ? { at: entry?.at ?? 0, value: keep, failedAt: this.now() }
        : { at: this.now(), value: keep });
      return keep;
    });
    this.entries.set(key, { at: entry?.at ?? 0, value: entry?.value ?? null, pending });
    return pending;
  }
}

/** At most `limit` requests in any `windowMs`. */
class Limiter {
  private stamps: number[] = [];
  constructor(private readonly limit: number, private readonly windowMs: number, private readonly now: () => number) {}
  take(): boolean {
    const now = this.now();
    this.stamps = this.stamps.filter((t) => now - t < this.windowMs);
    if (this.stamps.length >= this.limit) return false;
    this.stamps.push(now);
    return true;
  }
}

export type ExternalMarketData = {
  pair(pool: string): Promise<DexPair | null>;
  overview(token: string): Promise<BirdeyeOverview | null>;
  figures(token: string, pool: string): Promise<OfficialFigures>;
};

export function createExternalMarketData(options: MarketDataOptions): ExternalMarketData {
  const now = options.now ?? Date.now;
  const pairs = new Cached<DexPair>(options.dexCacheMs ?? DEXSCREENER_CACHE_MS, now);
  const overviews = new Cached<BirdeyeOverview>(options.birdeyeCacheMs ?? BIRDEYE_CACHE_MS, now);
  const birdeyeLimit = new Limiter(options.birdeyePerMinute ?? BIRDEYE_REQUESTS_PER_MINUTE, 60_000, now);
  const base = (url: string) => url.replace(/\/$/, '');
  const fetchedAt = new Map<string, number>();

  const adapter: ExternalMarketData = {
    pair: (pool) => pairs.get(pool, async () => {
      const pair = parseDexPair(await getJson(`${base(options.dexscreenerUrl)}${pairPath(pool)}`, { retryWaitMs: options.retryWaitMs }));
      if (pair) fetchedAt.set(pool, now());
      return pair;
    }),
    overview: (token) => overviews.get(token, async () => {
      // Over the limit: no request now; the last overview (or nothing) stands.
      if (!birdeyeLimit.take()) return null;
      const headers: Record<string, string> = { 'x-chain': 'solana', ...(options.birdeyeKey ? { 'X-API-KEY': options.birdeyeKey } : {}) };
      return parseBirdeyeOverview(await getJson(`${base(options.birdeyeUrl)}${overviewPath(token)}`, { headers, retryWaitMs: options.retryWaitMs }));
    }),
    async figures(token, pool) {
      const [pair, overview] = await Promise.all([adapter.pair(pool), adapter.overview(token)]);
      const at = fetchedAt.get(pool);
      return {
        price: pair?.price ?? overview?.price ?? null,
        priceChange24h: pair?.change.h24 ?? overview?.change24h ?? null,
        priceChange6h: pair?.change.h6 ?? null,
        priceChange1h: pair?.change.h1 ?? null,
        priceChange5m: pair?.change.m5 ?? null,
        marketCap: pair?.marketCap ?? pair?.fdv ?? overview?.marketCap ?? null,
        fdv: pair?.fdv ?? null,
        volume24h: pair?.volume24h ?? overview?.volume24h ?? null,
        volume5m: pair?.volume5m ?? null,
        holders: overview?.holders ?? null,
        supply: null,
        imageUrl: pair?.imageUrl ?? null,
        lastUpdated: at === undefined ? null : new Date(at).toISOString(),
        source: pair ? 'dexscreener' : overview ? 'birdeye' : null,
      };
    },
  };
  return adapter;
}

const instances = new WeakMap<Services, ExternalMarketData>();

/** The process's adapter (its caches and limits are per process). */
export function externalMarketDataFor(services: Services): ExternalMarketData {
  let adapter = instances.get(services);
  if (!adapter) {
    const { env } = services;
    adapter = createExternalMarketData({ dexscreenerUrl: env.DEXSCREENER_API_URL, birdeyeUrl: env.BIRDEYE_API_URL, birdeyeKey: env.BIRDEYE_API_KEY });
    instances.set(services, adapter);
  }
  return adapter;
}

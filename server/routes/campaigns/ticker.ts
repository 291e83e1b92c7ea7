import { and, desc, eq, isNotNull, ne, sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { TICKER_MAX_CAMPAIGNS } from '../../../core/constants';
import { campaigns, officialToken, tokenCache } from '../../db/schema';
import { lamportsToUsd } from '../../presenters/campaign';
import type { RouteOptions } from '../../services';
import { priceChanges24h } from '../../market/priceChange';
import { NO_FIGURES, officialFigures } from '../../official/figures';
import { publicCampaign } from './filters';

// A campaign saved before its mint existed carries this placeholder (spec 1, creation flow).
const PENDING_ADDRESS = 'PENDING';

const toUsd = (lamportsText: string | null, solUsd: number) => (lamportsText === null ? null : lamportsToUsd(BigInt(lamportsText), solUsd));
const toNumber = (text: string | null) => (text === null ? null : Number(text));

/** GET /api/ticker: the official token and up to 15 latest campaign tokens, market cap in USD and 24h change. */
export const tickerRoutes: FastifyPluginAsync<RouteOptions> = async (app, { services }) => {
  const solUsd = services.env.SOL_USD;

  app.get('/ticker', async () => {
    const [official] = await services.db.select().from(officialToken).where(eq(officialToken.id, 1));

    const rows = await services.db
      .select({
        name: sql<string>`coalesce(${campaigns.title}, ${campaigns.name})`,
        ticker: campaigns.ticker,
        tokenAddress: sql<string>`${campaigns.tokenAddress}`,
        imageUrl: campaigns.imageUrl,
        marketCap: sql<string | null>`coalesce(${campaigns.marketCapLamports}, ${campaigns.cachedMarketCapLamports}, ${tokenCache.marketCapLamports})::text`,
        priceChange24h: tokenCache.priceChange24h,
      })
      .from(campaigns)
      .leftJoin(tokenCache, eq(tokenCache.tokenAddress, campaigns.tokenAddress))
      .where(and(isNotNull(campaigns.tokenAddress), ne(campaigns.tokenAddress, PENDING_ADDRESS), publicCampaign))
      .orderBy(desc(campaigns.createdAt), desc(campaigns.id))
      .limit(TICKER_MAX_CAMPAIGNS);

    // Campaign tokens trade on our curves: their 24h change is computed from our trades, now.
    const changes = await priceChanges24h(services.db, rows.map((r) => r.tokenAddress), services.now());
    // The official token's figures are its page's: our curve's for one launched here, the
    // market-data adapter's (cached, rate-limited) for one on a cluster, none for the sample.
    const figures = official ? await officialFigures(services, official).catch(() => NO_FIGURES) : null;
    return {
      official: official && figures
        ? { symbol: official.symbol, tokenAddress: official.tokenAddress, marketCapUsd: figures.marketCap, priceChange24h: figures.priceChange24h }
        : null,
      campaigns: rows.map((r) => ({
        name: r.name,
        ticker: r.ticker,
        tokenAddress: r.tokenAddress,
        imageUrl: r.imageUrl,
        marketCapUsd: toUsd(r.marketCap, solUsd),
        priceChange24h: changes.get(r.tokenAddress) ?? toNumber(r.priceChange24h),
      })),
    };
  });
};

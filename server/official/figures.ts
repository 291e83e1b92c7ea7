// The official token page's price bar. A token launched here trades on our curve: its
// figures are the curve token's (server/market). A token on a real cluster trades
// elsewhere: the external market-data adapter's (marketData/). A sample row has none.

import { readCampaignMint } from '../chain/token';
import { eq } from 'drizzle-orm';
import { launchRequests, type officialToken } from '../db/schema';
import { marketOf } from '../market';
import type { Services } from '../services';
import { curvePriceChanges } from './curveChanges';
import { externalMarketDataFor } from './marketData';

type Row = typeof officialToken.$inferSelect;

export type OfficialFigures = {
  price: number | null;
  /** Percent changes of the price over 24 h, 6 h, 1 h and 5 minutes (spec 1 section 7). */
  priceChange24h: number | null;
  priceChange6h: number | null;
  priceChange1h: number | null;
  priceChange5m: number | null;
  marketCap: number | null;
  /** Fully diluted value: price times the whole supply. */
  fdv: number | null;
  volume24h: number | null;
  volume5m: number | null;
  holders: number | null;
  /** Base units in the mint now (buyback burns make it fall), as a decimal string. */
  supply: string | null;
  /** The token's logo (spec 1 'Token market data': imageUrl): the launch's upload here, the market-data site's on a cluster. */
  imageUrl: string | null;
  lastUpdated: string | null;
  source: 'curve' | 'dexscreener' | 'birdeye' | null;
};

export const NO_FIGURES: OfficialFigures = {
  price: null, priceChange24h: null, priceChange6h: null, priceChange1h: null, priceChange5m: null, marketCap: null, fdv: null, volume24h: null, volume5m: null, holders: null, supply: null, imageUrl: null, lastUpdated: null, source: null,
};

export async function officialFigures(services: Services, row: Row): Promise<OfficialFigures> {
  if (row.source === 'local') {
    const [market, mint, changes, imageUrl] = await Promise.all([
      marketOf(services).get(row.tokenAddress),
      readCampaignMint(services.chain.connection, row.tokenAddress).catch(() => null),
      curvePriceChanges(services.db, row.tokenAddress, services.now()),
      launchLogo(services, row.launchRequestId),
    ]);
    return {
      price: market.price, priceChange24h: changes?.h24 ?? null, priceChange6h: changes?.h6 ?? null, priceChange1h: changes?.h1 ?? null,
      priceChange5m: changes?.m5 ?? null, marketCap: market.marketCap, fdv: market.fdv, volume24h: market.volume24h,
      volume5m: market.volume5m, holders: market.holders, supply: mint ? mint.supply.toString() : null, imageUrl, lastUpdated: market.lastUpdated, source: 'curve',
    };
  }
  if (row.source === 'cluster') return externalMarketDataFor(services).figures(row.tokenAddress, row.poolAddress);
  return NO_FIGURES;
}

/** The logo the local launch uploaded (its request's form), as a campaign's image_url is. */
async function launchLogo(services: Services, requestId: string | null): Promise<string | null> {
  if (!requestId) return null;
  const [request] = await services.db.select({ form: launchRequests.form }).from(launchRequests).where(eq(launchRequests.requestId, requestId));
  return request?.form?.imageUrl ?? null;
}

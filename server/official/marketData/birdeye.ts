// Birdeye's token overview shape (spec 1 section 7): { success, data } with mc, v24hUSD,
// price, holder, liquidity (also read as market_cap, volume24h, v24h, holders).

import { z } from 'zod';

const num = z.union([z.number(), z.string()]).transform((v) => Number(v)).pipe(z.number().finite()).nullish().catch(null);
const Overview = z.object({
  success: z.boolean(),
  data: z.object({
    price: num, mc: num, market_cap: num, v24hUSD: num, volume24h: num, v24h: num, holder: num, holders: num, liquidity: num,
    priceChange24hPercent: num,
  }).partial().nullish(),
});

export type BirdeyeOverview = {
  price: number | null; marketCap: number | null; volume24h: number | null; holders: number | null; liquidity: number | null; change24h: number | null;
};

export const overviewPath = (token: string) => `/defi/token_overview?address=${encodeURIComponent(token)}`;

export function parseBirdeyeOverview(body: unknown): BirdeyeOverview | null {
  const parsed = Overview.safeParse(body);
  if (!parsed.success || !parsed.data.success || !parsed.data.data) return null;
  const d = parsed.data.data;
  const holders = d.holder ?? d.holders ?? null;
  return {
    price: d.price ?? null, marketCap: d.mc ?? d.market_cap ?? null, volume24h: d.v24hUSD ?? d.volume24h ?? d.v24h ?? null,
    holders: holders === null ? null : Math.round(holders), liquidity: d.liquidity ?? null, change24h: d.priceChange24hPercent ?? null,
  };
}

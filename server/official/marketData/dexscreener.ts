// DexScreener's pair shape (spec 1 section 7): GET /latest/dex/pairs/solana/{pool} for the
// pool's figures (price, fdv, market cap, changes h24/h6/h1/m5, volume h24/m5, image) and
// GET /latest/dex/tokens/{addresses} for a token's pairs.

import { z } from 'zod';

const num = z.union([z.number(), z.string()]).transform((v) => Number(v)).pipe(z.number().finite()).nullish().catch(null);
const Pair = z.object({
  pairAddress: z.string().optional(),
  baseToken: z.object({ address: z.string() }).partial().optional(),
  priceUsd: num,
  fdv: num,
  marketCap: num,
  priceChange: z.object({ h24: num, h6: num, h1: num, m5: num }).partial().nullish().catch(null),
  volume: z.object({ h24: num, m5: num }).partial().nullish().catch(null),
  liquidity: z.object({ usd: num }).partial().nullish().catch(null),
  info: z.object({ imageUrl: z.string().optional() }).partial().nullish().catch(null),
});
const Answer = z.object({ pairs: z.array(Pair).nullish(), pair: Pair.nullish() });

export type DexPair = {
  price: number | null; fdv: number | null; marketCap: number | null;
  change: { h24: number | null; h6: number | null; h1: number | null; m5: number | null };
  volume24h: number | null; volume5m: number | null; liquidity: number | null; imageUrl: string | null;
};

export const pairPath = (pool: string) => `/latest/dex/pairs/solana/${encodeURIComponent(pool)}`;
export const tokensPath = (addresses: string[]) => `/latest/dex/tokens/${addresses.map(encodeURIComponent).join(',')}`;

/** The pool's pair (or, from a tokens answer, the token's first pair); null when the answer has none. */
export function parseDexPair(body: unknown, token?: string): DexPair | null {
  const parsed = Answer.safeParse(body);
  if (!parsed.success) return null;
  const pairs = [...(parsed.data.pair ? [parsed.data.pair] : []), ...(parsed.data.pairs ?? [])];
  const pair = token ? pairs.find((p) => p.baseToken?.address === token) ?? null : pairs[0] ?? null;
  if (!pair) return null;
  const n = (v: number | null | undefined) => v ?? null;
  return {
    price: n(pair.priceUsd), fdv: n(pair.fdv), marketCap: n(pair.marketCap),
    change: { h24: n(pair.priceChange?.h24), h6: n(pair.priceChange?.h6), h1: n(pair.priceChange?.h1), m5: n(pair.priceChange?.m5) },
    volume24h: n(pair.volume?.h24), volume5m: n(pair.volume?.m5), liquidity: n(pair.liquidity?.usd), imageUrl: pair.info?.imageUrl ?? null,
  };
}

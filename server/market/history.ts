// The stored trades of a mint as the trade page shows them: a newest-first page, and
// OHLC candles. Prices are the curve's spot price after each trade (virtual reserves),
// so a candle opens where the previous trade left the price, and the first one where the pool's
// price stood before its first trade (undone from that trade: SOL and tokens move the curve's
// virtual reserves one for one, a DBC pool's fee in SOL aside), not at the price that trade paid.

import { and, desc, eq, lt, or, sql } from 'drizzle-orm';
import { formatTokenAmount, lamportsToSolString } from '../../core/money';
import {
  CANDLE_INTERVAL_SECONDS, type Candle, type CandleInterval, type TradeItem, type TradeTrader, type TradesResponse,
} from '../../core/schemas/trade';
import type { Db } from '../db/client';
import { campaigns, curveTrades, launchRequests, officialToken } from '../db/schema';
import { trimDecimal } from './decimal';

export async function listTrades(db: Db, mint: string, limit: number, before?: string): Promise<TradesResponse> {
  let cursor = undefined;
  if (before) {
    const [row] = await db.select({ blockTime: curveTrades.blockTime, createdAt: curveTrades.createdAt })
      .from(curveTrades).where(and(eq(curveTrades.mint, mint), eq(curveTrades.signature, before)));
    // An unknown cursor is an empty page rather than the first page again.
    if (!row) return { trades: [], nextBefore: null };
    cursor = or(
      lt(curveTrades.blockTime, row.blockTime),
      and(eq(curveTrades.blockTime, row.blockTime), lt(curveTrades.createdAt, row.createdAt)),
      and(eq(curveTrades.blockTime, row.blockTime), eq(curveTrades.createdAt, row.createdAt), lt(curveTrades.signature, before)),
    );
  }
  const rows = await db.select({
    signature: curveTrades.signature, side: curveTrades.side, wallet: curveTrades.wallet, solLamports: curveTrades.solLamports,
    tokensSent: curveTrades.tokensSent, tokensReceived: curveTrades.tokensReceived, price: sql<string>`${curveTrades.price}::text`,
    blockTime: curveTrades.blockTime,
  }).from(curveTrades)
    .where(cursor ? and(eq(curveTrades.mint, mint), cursor) : eq(curveTrades.mint, mint))
    .orderBy(desc(curveTrades.blockTime), desc(curveTrades.createdAt), desc(curveTrades.signature), desc(curveTrades.swapIndex))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const { distributors, traderOf } = await walletRoles(db, mint);
  const trades: TradeItem[] = page.map((r) => ({
    signature: r.signature,
    side: r.side as TradeItem['side'],
    wallet: r.wallet,
    sol: lamportsToSolString(r.solLamports),
    tokens: formatTokenAmount(r.tokensSent),
    tokensReceived: formatTokenAmount(r.tokensReceived),
    price: trimDecimal(r.price),
    time: r.blockTime.toISOString(),
    feeSale: r.side === 'sell' && distributors.has(r.wallet),
    trader: traderOf(r.wallet, r.signature),
  }));
  return { trades, nextBefore: rows.length > limit ? page[page.length - 1]!.signature : null };
}

/**
 * Who is who among a token's traders: the wallets that sell its withheld fees for its cause (the
 * campaign's distributor, or the official token's), and the campaign's creator and cause. The
 * launch's initial buy is the creator's though the request's funding wallet paid it (as
 * server/market/markerFacts.ts and the backer count take it).
 */
async function walletRoles(db: Db, mint: string): Promise<{ distributors: Set<string>; traderOf: (wallet: string, signature: string) => TradeTrader | null }> {
  const [campaign, official] = await Promise.all([
    db.select({ distributor: campaigns.distributorWallet, creator: campaigns.creatorWallet, cause: campaigns.donationWallet, funding: launchRequests.fundingWallet, initialBuy: launchRequests.buySignature })
      .from(campaigns).leftJoin(launchRequests, eq(launchRequests.requestId, campaigns.requestId)).where(eq(campaigns.tokenAddress, mint)),
    db.select({ wallet: officialToken.distributorWallet }).from(officialToken).where(eq(officialToken.tokenAddress, mint)),
  ]);
  const distributors = new Set([...campaign.map((r) => r.distributor), ...official.map((r) => r.wallet)].flatMap((w) => (w ? [w] : [])));
  const row = campaign[0];
  const traderOf = (wallet: string, signature: string): TradeTrader | null => {
    if (!row) return null;
    if (wallet === row.creator || wallet === row.funding || signature === row.initialBuy) return 'creator';
    return wallet === row.cause ? 'cause' : null;
  };
  return { distributors, traderOf };
}

type CandleRow = { bucket: string; open: string; high: string; low: string; close: string; volume: string; trades: number };

/** The newest `limit` candles of `interval`, oldest first (as charts take them); empty buckets are left out. */
export async function listCandles(db: Db, mint: string, interval: CandleInterval, limit: number): Promise<Candle[]> {
  const seconds = CANDLE_INTERVAL_SECONDS[interval];
  // spot: lamports per base unit = SOL per whole token (both have 9 decimals).
  const result = await db.execute(sql`
    with priced as (
      select t.block_time, t.created_at, t.signature, t.swap_index, t.sol_lamports,
        round(t.virtual_sol_after::numeric / t.virtual_tokens_after::numeric, 18) as spot,
        round(case when t.side = 'buy'
          then (t.virtual_sol_after - (t.sol_lamports - t.fee_lamports))::numeric / (t.virtual_tokens_after + t.tokens_sent)::numeric
          else (t.virtual_sol_after + t.sol_lamports + t.fee_lamports)::numeric / nullif(t.virtual_tokens_after - t.tokens_received, 0)::numeric
        end, 18) as spot_before,
        (floor(extract(epoch from t.block_time) / ${seconds}) * ${seconds})::bigint as bucket
      from ${curveTrades} t where t.mint = ${mint}
    ),
    sequenced as (
      select *,
        coalesce(lag(spot) over (order by block_time, created_at, signature, swap_index), spot_before, spot) as prev,
        row_number() over (partition by bucket order by block_time, created_at, signature, swap_index) as first_rank,
        row_number() over (partition by bucket order by block_time desc, created_at desc, signature desc, swap_index desc) as last_rank
      from priced
    ),
    buckets as (
      select bucket,
        max(prev) filter (where first_rank = 1) as open,
        greatest(max(spot), max(prev) filter (where first_rank = 1)) as high,
        least(min(spot), min(prev) filter (where first_rank = 1)) as low,
        max(spot) filter (where last_rank = 1) as close,
        sum(sol_lamports) as volume,
        count(*)::int as trades
      from sequenced group by bucket
    )
    select bucket::text, open::text, high::text, low::text, close::text, volume::text, trades
    from (select * from buckets order by bucket desc limit ${limit}) newest
    order by bucket asc`);
  const rows = (result as unknown as { rows: CandleRow[] }).rows;
  return rows.map((r) => ({
    time: Number(r.bucket),
    open: trimDecimal(r.open),
    high: trimDecimal(r.high),
    low: trimDecimal(r.low),
    close: trimDecimal(r.close),
    volume: lamportsToSolString(BigInt(r.volume)),
    trades: r.trades,
  }));
}

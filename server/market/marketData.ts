// Market figures of a curve token from our own trades, the pool row and the chain:
// price, 24h and 5m volume, 24h price change, market cap, liquidity, holders and
// bonding progress. USD figures multiply exact SOL by the configured SOL_USD once.

import { sql } from 'drizzle-orm';
import { TOKEN_TOTAL_SUPPLY } from '../../core/constants';
import {
  bondingProgressPercent, initialCurveStateForThreshold, marketCapLamports, priceLamportsPerToken,
  ratioToNumber, tokensOutsidePool, type Ratio,
} from '../../core/curve';
import { formatTokenAmount, lamportsToNumber, lamportsToSolString } from '../../core/money';
import type { MarketDataResponse } from '../../core/schemas/trade';
import type { Db } from '../db/client';
import { curveTrades } from '../db/schema';
import { stateOfPool, type PoolRow } from '../curve/pools';
import { decimalRatio } from './decimal';
import { bondingLabel } from './progress';

const DAY_MS = 86_400_000;
const FIVE_MIN_MS = 300_000;

export type TradeWindow = {
  volume24h: bigint;
  volume5m: bigint;
  trades24h: number;
  /** The spot price right before the 24 h window opened (null: no trade before it). */
  priceAt24hAgo: Ratio | null;
};

/** Volumes and the price 24 h ago from curve_trades (one query on the (mint, block_time) index). */
export async function readTradeWindow(db: Db, mint: string, now: Date): Promise<TradeWindow> {
  const dayAgo = new Date(now.getTime() - DAY_MS).toISOString();
  const fiveAgo = new Date(now.getTime() - FIVE_MIN_MS).toISOString();
  const result = await db.execute(sql`
    select
      coalesce(sum(t.sol_lamports), 0)::text as volume24h,
      coalesce(sum(t.sol_lamports) filter (where t.block_time > ${fiveAgo}::timestamptz), 0)::text as volume5m,
      count(*)::int as trades24h,
      (select b.virtual_sol_after::text || ':' || b.virtual_tokens_after::text from ${curveTrades} b
        where b.mint = ${mint} and b.block_time <= ${dayAgo}::timestamptz
        order by b.block_time desc, b.created_at desc limit 1) as before
    from ${curveTrades} t
    where t.mint = ${mint} and t.block_time > ${dayAgo}::timestamptz and t.block_time <= ${now.toISOString()}::timestamptz`);
  const [row] = (result as unknown as { rows: { volume24h: string; volume5m: string; trades24h: number; before: string | null }[] }).rows;
  const before = row?.before?.split(':');
  return {
    volume24h: BigInt(row?.volume24h ?? 0),
    volume5m: BigInt(row?.volume5m ?? 0),
    trades24h: Number(row?.trades24h ?? 0),
    priceAt24hAgo: before ? { num: BigInt(before[0]!) * 10n ** 9n, den: BigInt(before[1]!) } : null,
  };
}

/** Percent change from `then` to `now`, to 2 decimals (display). */
export function percentChange(now: Ratio, then: Ratio): number {
  const basis = 10_000n;
  // (now / then - 1) × 100 in basis points of a percent, exact until the final division.
  const scaled = (now.num * then.den * 100n * basis) / (now.den * then.num) - 100n * basis;
  return Math.round(Number(scaled) / 100) / 100;
}

export function buildMarketData(params: {
  pool: PoolRow; window: TradeWindow; holders: number; solUsd: number; now: Date;
}): MarketDataResponse {
  const { pool, window, holders, solUsd } = params;
  const state = stateOfPool(pool);
  const price = priceLamportsPerToken(state);
  // Before the first trade of the window, the price was the last trade's, or the curve's start.
  const then = window.priceAt24hAgo ?? priceLamportsPerToken(initialCurveStateForThreshold(state.thresholdLamports));
  const capLamports = marketCapLamports(state);
  const liquidityLamports = state.realSolReserves * 2n;
  const usd = (lamports: bigint) => Math.round(lamportsToNumber(lamports) * solUsd * 100) / 100;
  const percent = bondingProgressPercent(state);
  return {
    tokenAddress: pool.mint,
    price: (ratioToNumber(price) / 1e9) * solUsd,
    priceSol: decimalRatio(price.num, price.den * 10n ** 9n, 18),
    marketCap: usd(capLamports),
    marketCapSol: lamportsToSolString(capLamports),
    volume24h: usd(window.volume24h),
    volume24hSol: lamportsToSolString(window.volume24h),
    volume5m: usd(window.volume5m),
    volume5mSol: lamportsToSolString(window.volume5m),
    priceChange24h: percentChange(price, then),
    holders,
    liquidity: usd(liquidityLamports),
    liquiditySol: lamportsToSolString(liquidityLamports),
    totalSupply: formatTokenAmount(TOKEN_TOTAL_SUPPLY),
    circulatingSupply: formatTokenAmount(tokensOutsidePool(state, TOKEN_TOTAL_SUPPLY)),
    fdv: usd(capLamports),
    trades24h: window.trades24h,
    bondingProgress: percent,
    isBonded: state.complete,
    label: bondingLabel(percent),
    lastUpdated: params.now.toISOString(),
    source: 'curve',
  };
}

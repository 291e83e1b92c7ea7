// The quote watch's one query: every live quote, for a process that did not build them all
// (quotes from before a restart; on a cluster, other web processes' quotes).

import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { curveQuotes } from '../../db/schema';
import type { TradeSide } from '../../chain/curve';
import type { WatchedQuote } from '../types';

export async function liveQuotesToWatch(db: Db, now: Date): Promise<WatchedQuote[]> {
  const rows = await db.select({
    id: curveQuotes.id, mint: curveQuotes.mint, side: curveQuotes.side, wallet: curveQuotes.traderWallet,
    traderLamports: curveQuotes.traderLamports, amountIn: curveQuotes.amountIn, expiresAt: curveQuotes.expiresAt,
    seq: curveQuotes.seq, status: curveQuotes.status,
  }).from(curveQuotes)
    // Written so the planner sees the partial index's own condition (curve_quotes_trader_live).
    .where(sql`${curveQuotes.status} in ('open', 'executing')
      and (${curveQuotes.status} = 'executing' or ${curveQuotes.expiresAt} > ${now.toISOString()}::timestamptz)`);
  return rows.map((row) => ({
    id: row.id, mint: row.mint, side: row.side as TradeSide, wallet: row.wallet, traderLamports: row.traderLamports,
    tokens: row.side === 'sell' ? row.amountIn : 0n, expiresAt: row.expiresAt.getTime(), seq: row.seq, executing: row.status === 'executing',
  }));
}

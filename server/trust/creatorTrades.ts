import { and, eq, or, sql } from 'drizzle-orm';
import type { CreatorTradeFacts } from '../../core/trust';
import type { Db } from '../db/client';
import { curveTrades } from '../db/schema';

/**
 * The creator's curve trades from curve_trades (what moved by transfer: creatorTransfers.ts; the wallets they funded: fundingClusters.ts): their own wallet's, and the launch's
 * initial buy (the funding wallet pays it, the tokens go to the creator).
 */
export async function creatorTradeFacts(
  db: Db, mint: string, creatorWallet: string, initialBuySignature: string | null,
): Promise<Omit<CreatorTradeFacts, 'transferredOutTokens' | 'transferredInTokens' | 'transfersExact' | 'funded'>> {
  const t = curveTrades;
  const isInitial = initialBuySignature === null ? sql`false` : sql`${t.signature} = ${initialBuySignature}`;
  const rows = await db.select({
    initial: sql<boolean>`${isInitial}`,
    side: t.side,
    count: sql<number>`count(*)::int`,
    tokensIn: sql<string>`coalesce(sum(${t.tokensReceived}), 0)::text`,
    tokensOut: sql<string>`coalesce(sum(${t.tokensSent}), 0)::text`,
    lamports: sql<string>`coalesce(sum(${t.solLamports}), 0)::text`,
    signature: sql<string>`min(${t.signature})`,
    firstAt: sql<string>`min(${t.blockTime})::text`,
    lastAt: sql<string>`max(${t.blockTime})::text`,
  }).from(t)
    .where(and(eq(t.mint, mint), or(eq(t.wallet, creatorWallet), initialBuySignature === null ? undefined : eq(t.signature, initialBuySignature))))
    .groupBy(sql`1`, t.side);
  const initial = rows.find((r) => r.initial && r.side === 'buy');
  const buys = rows.find((r) => !r.initial && r.side === 'buy');
  const sells = rows.find((r) => r.side === 'sell');
  const totals = (r: typeof rows[number] | undefined, tokens: 'tokensIn' | 'tokensOut') =>
    r ? { count: r.count, tokens: BigInt(r[tokens]), lamports: BigInt(r.lamports) } : { count: 0, tokens: 0n, lamports: 0n };
  return {
    creatorWallet,
    initialBuy: initial ? { tokens: BigInt(initial.tokensIn), lamports: BigInt(initial.lamports), signature: initial.signature, at: new Date(initial.firstAt) } : null,
    buys: totals(buys, 'tokensIn'),
    sells: totals(sells, 'tokensOut'),
    boughtTokens: BigInt(initial?.tokensIn ?? 0) + BigInt(buys?.tokensIn ?? 0),
    lastSellAt: sells ? new Date(sells.lastAt) : null,
  };
}

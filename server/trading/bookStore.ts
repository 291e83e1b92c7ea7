// The quote book's database statements. Each write is ONE statement that bumps the pool
// row's version only if it is still the version the caller read: the UPDATE takes the
// row lock, so across processes exactly one writer wins and the others re-read and retry
// (optimistic concurrency instead of holding `select ... for update` across round trips).

import { and, eq, getTableColumns, gt, or, sql, type SQL } from 'drizzle-orm';
import type { CurveState } from '../../core/curve';
import type { PoolDelta } from '../chain/curve';
import type { Db } from '../db/client';
import { curvePools, curveQuotes } from '../db/schema';

export type QuoteRow = typeof curveQuotes.$inferSelect;
export type PoolRow = typeof curvePools.$inferSelect;
export type LiveQuote = {
  id: string; side: string; trader: string; amountIn: bigint; amountOut: bigint; transferFee: bigint; status: string; expiresAt: number;
  /** The client address it was built for (null: the server's own). */
  client: string | null;
};

type Json = {
  id: string; side: string; trader: string; amountIn: string; amountOut: string; transferFee: string; status: string; expiresAt: string;
  client: string | null;
};

const rows = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** The pool row and its open or executing quotes in creation order, in one query. */
export async function readBook(db: Db, mint: string): Promise<{ pool: PoolRow; live: LiveQuote[] } | undefined> {
  const [row] = await db.select({
    pool: curvePools,
    // curve_pools.mint qualified by hand: in a one-table select Drizzle renders a column as a
    // bare "mint", which inside this subquery would mean q.mint (every mint's quotes).
    live: sql<string>`(select coalesce(json_agg(json_build_object(
        'id', q.id, 'side', q.side, 'trader', q.trader_wallet, 'amountIn', q.amount_in::text, 'amountOut', q.amount_out::text,
        'transferFee', q.transfer_fee::text, 'status', q.status, 'client', q.client_address,
        'expiresAt', (extract(epoch from q.expires_at) * 1000)::bigint::text) order by q.seq), '[]')::text
      from ${curveQuotes} q where q.mint = curve_pools.mint and q.status in ('open', 'executing'))`,
  }).from(curvePools).where(eq(curvePools.mint, mint));
  if (!row) return undefined;
  const live = (JSON.parse(row.live) as Json[]).map((q) => ({
    id: q.id, side: q.side, trader: q.trader, amountIn: BigInt(q.amountIn), amountOut: BigInt(q.amountOut), transferFee: BigInt(q.transferFee),
    status: q.status, expiresAt: Number(q.expiresAt), client: q.client,
  }));
  return { pool: row.pool, live };
}

export type NewQuote = {
  id: string; mint: string; side: string; traderWallet: string;
  amountIn: bigint; amountOut: bigint; transferFee: bigint; expectedOutput: bigint; traderLamports: bigint; slippageBps: number;
  messageHash: string; message: Buffer; expiresAt: Date; createdAt: Date; clientAddress: string | null;
};

export const REPLACED_ERROR = 'replaced by a newer quote';

/**
 * Inserts the quote if the pool is still at `version` (bumping it), and in the same statement
 * releases the trader's open quotes of this mint and side: a new quote replaces them.
 * Null: someone else wrote first; else the ids replaced and the new quote's seq.
 */
export async function insertQuoteAt(db: Db, version: number, q: NewQuote): Promise<{ replaced: string[]; seq: bigint } | null> {
  const result = await db.execute(sql`
    with bump as (
      update ${curvePools} set version = version + 1 where mint = ${q.mint} and version = ${version} returning mint
    ),
    replaced as (
      update ${curveQuotes} set status = 'expired', error = ${REPLACED_ERROR}, settled_at = ${q.createdAt.toISOString()}::timestamptz
      where mint = ${q.mint} and side = ${q.side} and trader_wallet = ${q.traderWallet} and status = 'open'
        and exists (select 1 from bump)
      returning id
    ),
    inserted as (
      insert into ${curveQuotes} (id, mint, side, trader_wallet, amount_in, amount_out, transfer_fee, expected_output,
        trader_lamports, slippage_bps, message_hash, message, status, expires_at, created_at, client_address)
      select ${q.id}, bump.mint, ${q.side}, ${q.traderWallet}, ${q.amountIn.toString()}::bigint, ${q.amountOut.toString()}::bigint,
        ${q.transferFee.toString()}::bigint, ${q.expectedOutput.toString()}::bigint, ${q.traderLamports.toString()}::bigint,
        ${q.slippageBps}::int, ${q.messageHash}, decode(${q.message.toString('hex')}, 'hex'), 'open',
        ${q.expiresAt.toISOString()}::timestamptz, ${q.createdAt.toISOString()}::timestamptz, ${q.clientAddress}
      from bump
      returning seq
    )
    select (select seq::text from inserted) as seq, (select coalesce(json_agg(id), '[]'::json) from replaced)::text as replaced`);
  const [row] = rows<{ seq: string | null; replaced: string }>(result);
  return row?.seq ? { replaced: JSON.parse(row.replaced) as string[], seq: BigInt(row.seq) } : null;
}

export type TraderQuote = {
  id: string; mint: string; side: string; trader: string; client: string | null;
  amountIn: bigint; amountOut: bigint; traderLamports: bigint; status: string;
};

/**
 * The live quotes (open and unexpired at `now`, or being executed) on every mint of this
 * trader, and of this client address when there is one: one query for both caps.
 */
export async function liveQuotesOf(db: Db, trader: string, client: string | undefined, now: Date): Promise<TraderQuote[]> {
  return db.select({
    id: curveQuotes.id, mint: curveQuotes.mint, side: curveQuotes.side, trader: curveQuotes.traderWallet, client: curveQuotes.clientAddress,
    amountIn: curveQuotes.amountIn, amountOut: curveQuotes.amountOut, traderLamports: curveQuotes.traderLamports, status: curveQuotes.status,
  }).from(curveQuotes).where(and(
    client === undefined ? eq(curveQuotes.traderWallet, trader) : or(eq(curveQuotes.traderWallet, trader), eq(curveQuotes.clientAddress, client)),
    or(eq(curveQuotes.status, 'executing'), and(eq(curveQuotes.status, 'open'), gt(curveQuotes.expiresAt, now))),
  ));
}

export async function findQuoteByHash(db: Db, hash: string): Promise<QuoteRow | undefined> {
  const [row] = await db.select().from(curveQuotes).where(eq(curveQuotes.messageHash, hash));
  return row;
}

export async function findQuote(db: Db, id: string): Promise<QuoteRow | undefined> {
  const [row] = await db.select().from(curveQuotes).where(eq(curveQuotes.id, id));
  return row;
}

/**
 * open -> executing, only while unexpired at `now`, bumping the pool's version so a quote
 * built meanwhile on a read that thought this one expired must re-read. Returns the
 * pool's new version, or null when the quote was not claimable. The transaction's
 * signature is stored with the claim: if the process dies with the send's outcome unknown,
 * the worker (jobs/settleOrphanedTrades.ts) asks the chain about it.
 */
export async function claimQuote(db: Db, quote: QuoteRow, signature: string, now: Date): Promise<number | null> {
  const result = await db.execute(sql`
    with target as (
      select id from ${curveQuotes}
      where id = ${quote.id} and status = 'open' and expires_at > ${now.toISOString()}::timestamptz
    ),
    bump as (
      update ${curvePools} set version = version + 1
      where mint = ${quote.mint} and exists (select 1 from target)
      returning version
    )
    -- The conditions again on the row itself: a concurrent claim is rechecked against them after its lock wait.
    update ${curveQuotes} set status = 'executing', signature = ${signature}
    where id = ${quote.id} and status = 'open' and expires_at > ${now.toISOString()}::timestamptz and exists (select 1 from bump)
    returning (select version from bump) as version`);
  const [row] = rows<{ version: number }>(result);
  return row ? Number(row.version) : null;
}

/**
 * claimQuote for an execute that names its mint, with the lookup in the same statement: the
 * open, unexpired quote of `mint` whose message has this hash goes open -> executing and the
 * pool's version moves. One round trip where a lookup and a claim took two. Null: no such
 * quote (unknown, another mint's, or no longer open): the caller looks it up to say which.
 */
export async function claimQuoteByHash(db: Db, mint: string, hash: string, signature: string, now: Date): Promise<{ quote: QuoteRow; version: number } | null> {
  const live = and(eq(curveQuotes.messageHash, hash), eq(curveQuotes.mint, mint), eq(curveQuotes.status, 'open'), gt(curveQuotes.expiresAt, now));
  const bump = db.$with('bump', { version: curvePools.version }).as(sql`
    update ${curvePools} set version = version + 1
    where ${curvePools.mint} = ${mint} and exists (select 1 from ${curveQuotes} where ${live})
    returning ${curvePools.version}`);
  // The conditions again on the row itself: a concurrent claim is rechecked against them after its lock wait.
  const [row] = await db.with(bump).update(curveQuotes).set({ status: 'executing', signature })
    .where(and(live, sql`exists (select 1 from ${bump})`))
    .returning({ ...getTableColumns(curveQuotes), version: sql<number>`(select version from ${bump})` });
  if (!row) return null;
  const { version, ...quote } = row;
  return { quote, version: Number(version) };
}

/**
 * Quotes claimed (executing) by a process that may have died before it settled them: the
 * oldest first, with the signature their claim stored. The live-quotes partial index
 * (curve_quotes_trader_live, status open or executing) serves it: checked with EXPLAIN on
 * 300,000 settled quotes, a bitmap scan of that index, not of the table.
 */
export async function executingQuotes(db: Db, limit: number): Promise<(QuoteRow & { signature: string })[]> {
  const found = await db.select().from(curveQuotes)
    .where(and(eq(curveQuotes.status, 'executing'), sql`${curveQuotes.signature} is not null`))
    .orderBy(curveQuotes.seq).limit(limit);
  return found as (QuoteRow & { signature: string })[];
}

/** executing -> failed: the reservation stops counting. Returns the pool's new version. */
export async function releaseQuote(db: Db, quote: QuoteRow, signature: string | null, error: string, now: Date): Promise<number | null> {
  const result = await db.execute(sql`
    with bump as (update ${curvePools} set version = version + 1 where mint = ${quote.mint} returning version)
    update ${curveQuotes} set status = 'failed', signature = ${signature}, error = ${error}, settled_at = ${now.toISOString()}::timestamptz
    where id = ${quote.id}
    returning (select version from bump) as version`);
  const [row] = rows<{ version: number }>(result);
  return row ? Number(row.version) : null;
}

export const RELEASED_ERROR = 'released: its wallet no longer backs it';

/**
 * open -> expired for the quotes of one mint the watch found unbacked, bumping the pool's
 * version (other processes re-read before their next write). The pool row is locked first,
 * as every book write does, so this orders against claimQuote without a deadlock: a quote
 * claimed first (executing) is left alone, and a claim after this finds it no longer open.
 */
export async function releaseUnbacked(db: Db, mint: string, ids: string[], now: Date): Promise<{ released: string[]; version: number | null }> {
  const result = await db.execute(sql`
    with bump as (update ${curvePools} set version = version + 1 where mint = ${mint} returning version),
    released as (
      update ${curveQuotes} set status = 'expired', error = ${RELEASED_ERROR}, settled_at = ${now.toISOString()}::timestamptz
      where mint = ${mint} and status = 'open' and id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})
        and exists (select 1 from bump)
      returning id
    )
    select (select version from bump) as version, (select coalesce(json_agg(id), '[]'::json) from released)::text as released`);
  const [row] = rows<{ version: number | null; released: string }>(result);
  const version = row?.version === null || row?.version === undefined ? null : Number(row.version);
  return { released: JSON.parse(row?.released ?? '[]') as string[], version };
}

export type CommitParams = {
  quote: QuoteRow; version: number; after: CurveState; graduated: boolean; delta: PoolDelta;
  signature: string; slot: bigint | null; blockTime: Date; now: Date;
  tokensSent: bigint; tokensReceived: bigint; price: string;
};

/** Commits a landed trade in one statement: pool state, quote executed, trade row. False: version moved, re-read. */
export async function commitTrade(db: Db, p: CommitParams): Promise<boolean> {
  const s = p.after;
  const big = (v: bigint): SQL => sql`${v.toString()}::bigint`;
  const result = await db.execute(sql`
    with bump as (
      update ${curvePools} set
        virtual_sol_reserves = ${big(s.virtualSolReserves)}, virtual_token_reserves = ${big(s.virtualTokenReserves)},
        real_sol_reserves = ${big(s.realSolReserves)}, real_token_reserves = ${big(s.realTokenReserves)},
        locked_token_reserves = ${big(s.lockedTokenReserves)}, complete = ${s.complete},
        version = version + 1, updated_at = ${p.now.toISOString()}::timestamptz,
        graduated_at = ${p.graduated ? sql`${p.now.toISOString()}::timestamptz` : sql`graduated_at`}
      where mint = ${p.quote.mint} and version = ${p.version}
        and exists (select 1 from ${curveQuotes} where id = ${p.quote.id} and status = 'executing')
      returning mint
    ),
    done as (
      update ${curveQuotes} set status = 'executed', signature = ${p.signature}, settled_at = ${p.now.toISOString()}::timestamptz
      where id = ${p.quote.id} and status = 'executing' and exists (select 1 from bump)
      returning id
    ),
    trade as (
      insert into curve_trades (signature, mint, quote_id, side, wallet, sol_lamports, tokens_sent, tokens_received, price,
        virtual_sol_after, virtual_tokens_after, real_sol_after, slot, block_time, created_at)
      select ${p.signature}, ${p.quote.mint}, done.id, ${p.quote.side}, ${p.quote.traderWallet}, ${big(p.delta.solLamports)},
        ${big(p.tokensSent)}, ${big(p.tokensReceived)}, ${p.price}::numeric, ${big(s.virtualSolReserves)},
        ${big(s.virtualTokenReserves)}, ${big(s.realSolReserves)}, ${p.slot === null ? sql`null` : big(p.slot)},
        ${p.blockTime.toISOString()}::timestamptz, ${p.now.toISOString()}::timestamptz
      from done
      on conflict do nothing
      returning signature
    )
    select (select count(*) from bump)::int as bumped, (select count(*) from done)::int as done`);
  const [row] = rows<{ bumped: number; done: number }>(result);
  return Number(row?.bumped) === 1 && Number(row?.done) === 1;
}

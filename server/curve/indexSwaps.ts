// The swap indexer (issue 36): a campaign's DBC pool (and, after graduation, its DAMM v2 pool)
// is traded by whoever sends a swap, so its trades are read back from the chain, not recorded
// by the server that sent them. Each swap is written once however often it is read (two
// workers, a restart, a backfill overlapping a wake): curve_trades is keyed by the signature and
// the swap's place in it, and only the writer of a row tells the trade listeners.

import type { VersionedTransactionResponse } from '@solana/web3.js';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { CurveState } from '../../core/curve';
import { curvePools, curveTrades } from '../db/schema';
import type { Services } from '../services';
import { stateColumns, type PoolRow } from './pools';
import { ratio } from '../market/decimal';
import type { TradeEvent } from './tradeBus';
import { decodeSwaps, SwapEventError, type SwapRecord } from './swapEvents';
import { readDammPoolNow, readDbcPoolNow, stateAfterSwap, type PoolNow } from './swapStates';

/** getTransaction calls in flight at once. */
const FETCH_CONCURRENCY = 8;

export type IndexedTrade = TradeEvent & { swapIndex: number; slot: number; blockTime: Date };

export type IndexResult = {
  /** The trades this call wrote, oldest first (one another indexer wrote first is not here). */
  written: IndexedTrade[];
  /** Signatures the node did not return (not confirmed yet, or unknown to it): a later pass reads them again. */
  missing: string[];
  /** Signatures whose swaps could not be read (SwapEventError, logged): nothing of them is written. */
  failed: string[];
};

type Kept = { swap: SwapRecord; swapIndex: number; row: PoolRow };

async function fetchAll(services: Services, signatures: string[]): Promise<(VersionedTransactionResponse | null)[]> {
  const out: (VersionedTransactionResponse | null)[] = [];
  for (let i = 0; i < signatures.length; i += FETCH_CONCURRENCY) {
    out.push(...await Promise.all(signatures.slice(i, i + FETCH_CONCURRENCY).map((signature) =>
      services.chain.connection.getTransaction(signature, { commitment: 'confirmed', maxSupportedTransactionVersion: 0 }))));
  }
  return out;
}

/** The DBC pools we run whose DBC or DAMM v2 pool is one of `addresses`, by that address. */
async function knownPools(services: Services, addresses: string[]): Promise<Map<string, PoolRow>> {
  if (addresses.length === 0) return new Map();
  const rows = await services.db.select().from(curvePools).where(and(
    eq(curvePools.program, 'dbc'), or(inArray(curvePools.poolWallet, addresses), inArray(curvePools.dammPool, addresses)),
  ));
  const byAddress = new Map<string, PoolRow>();
  for (const row of rows) {
    byAddress.set(row.poolWallet, row);
    if (row.dammPool) byAddress.set(row.dammPool, row);
  }
  return byAddress;
}

/**
 * Reads `signatures` (oldest first where their order matters: the listeners hear the trades in
 * this order) and writes their swaps on our pools. Then, for each pool it wrote a trade of, the
 * pool's row takes the chain's state (read after the batch) and the listeners hear each new trade
 * with the pool's state right after it.
 */
export async function indexSwapSignatures(services: Services, signatures: string[]): Promise<IndexResult> {
  const unique = [...new Set(signatures)];
  const result: IndexResult = { written: [], missing: [], failed: [] };
  const decoded: SwapRecord[][] = [];
  const txs = await fetchAll(services, unique);
  txs.forEach((tx, i) => {
    if (!tx) return void result.missing.push(unique[i]);
    try {
      decoded.push(decodeSwaps(tx));
    } catch (err) {
      if (!(err instanceof SwapEventError)) throw err;
      services.log.error({ err, signature: unique[i] }, 'swap indexer: a transaction\'s swaps could not be read');
      result.failed.push(unique[i]);
    }
  });
  const pools = await knownPools(services, [...new Set(decoded.flat().map((s) => s.pool))]);
  // Oldest first: the order given, by slot (getTransaction does not say the order within a slot).
  const kept: Kept[] = decoded
    .map((swaps) => swaps.flatMap((swap) => (pools.has(swap.pool) ? [{ swap, row: pools.get(swap.pool)! }] : []))
      .map((k, swapIndex) => ({ ...k, swapIndex })))
    .filter((list) => list.length > 0)
    .sort((a, b) => a[0].swap.slot - b[0].swap.slot)
    .flat();
  if (kept.length === 0) return result;

  // One read per pool address traded, after the batch: what each swap's event lacks (swapStates.ts).
  const now = new Map<string, PoolNow>();
  for (const { swap, row } of kept) {
    if (now.has(swap.pool)) continue;
    now.set(swap.pool, swap.program === 'dbc'
      ? await readDbcPoolNow(services, swap.pool)
      : await readDammPoolNow(services.chain.connection, swap.pool, row.thresholdLamports));
  }

  const trades = kept.map(({ swap, swapIndex, row }) => {
    const state = stateAfterSwap(swap, now.get(swap.pool)!);
    const blockTime = swap.blockTime === null ? services.now() : new Date(swap.blockTime * 1000);
    const trade: IndexedTrade = {
      mint: row.mint, campaignId: row.campaignId, side: swap.direction, wallet: swap.trader, signature: swap.signature,
      solLamports: swap.solAmount, tokensSent: swap.tokenAmount, tokensReceived: swap.tokenAmount, state,
      // A DBC pool takes no swap once complete: the one whose state is complete completed it.
      graduated: swap.program === 'dbc' && state.complete,
      swapIndex, slot: swap.slot, blockTime,
    };
    return { trade, swap };
  });
  const inserted = await services.db.insert(curveTrades).values(trades.map(({ trade, swap }) => ({
    signature: trade.signature, swapIndex: trade.swapIndex, mint: trade.mint, side: trade.side, wallet: trade.wallet,
    solLamports: trade.solLamports, tokensSent: trade.tokensSent, tokensReceived: trade.tokensReceived,
    // What the trader paid per base unit (a whole token's SOL), fees included, as a custodial trade's price.
    price: ratio(swap.solAmount, swap.tokenAmount),
    virtualSolAfter: trade.state.virtualSolReserves, virtualTokensAfter: trade.state.virtualTokenReserves, realSolAfter: trade.state.realSolReserves,
    // A fee taken in tokens (a DAMM v2 pool collecting in both, a DBC config collecting in base) is no lamports.
    feeLamports: swap.feeToken === 'sol' ? swap.tradingFee + swap.protocolFee + swap.referralFee : 0n,
    protocolFeeLamports: swap.feeToken === 'sol' ? swap.protocolFee : 0n,
    slot: BigInt(swap.slot), blockTime: trade.blockTime,
  }))).onConflictDoNothing().returning({ signature: curveTrades.signature, swapIndex: curveTrades.swapIndex });
  const wrote = new Set(inserted.map((r) => `${r.signature}:${r.swapIndex}`));
  result.written = trades.map(({ trade }) => trade).filter((t) => wrote.has(`${t.signature}:${t.swapIndex}`));

  const lastByMint = new Map<string, { swap: SwapRecord; completedAt?: Date }>();
  for (const { trade, swap } of trades) {
    if (!wrote.has(`${trade.signature}:${trade.swapIndex}`)) continue;
    const last = lastByMint.get(trade.mint);
    lastByMint.set(trade.mint, { swap, completedAt: trade.graduated ? trade.blockTime : last?.completedAt });
  }
  for (const [mint, { swap, completedAt }] of lastByMint) await updatePool(services, mint, now.get(swap.pool)!.state, completedAt);

  for (const trade of result.written) {
    await services.trades.notifyTrade(trade);
    if (trade.graduated) await services.trades.notifyGraduated(trade);
  }
  return result;
}

/** The pool's row as the chain holds the pool its last new trade was on; graduated_at once it completes. */
async function updatePool(services: Services, mint: string, state: CurveState, completedAt: Date | undefined): Promise<void> {
  const at = (completedAt ?? services.now()).toISOString();
  await services.db.update(curvePools).set({
    ...stateColumns(state),
    ...(state.complete ? { graduatedAt: sql`coalesce(${curvePools.graduatedAt}, ${at}::timestamptz)` } : {}),
    updatedAt: services.now(),
  }).where(eq(curvePools.mint, mint));
}

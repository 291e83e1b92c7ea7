// The swap indexer's catch-up: each of our pools' history since the last signature read
// (curve_index_cursors), so nothing depends on a wake alone. A cluster's only complete source;
// on the local ledger the safety net under the commit wake.

import { PublicKey, type ConfirmedSignatureInfo } from '@solana/web3.js';
import { eq, sql } from 'drizzle-orm';
import { curveIndexCursors, curvePools } from '../db/schema';
import type { Services } from '../services';
import { indexSwapSignatures, type IndexedTrade } from './indexSwaps';

/** getSignaturesForAddress's largest page. */
const PAGE = 1000;
/** Signatures indexed (and the cursor moved) at a time, so a long catch-up keeps what it did if it stops. */
const CHUNK = 100;

/** Every signature of `address` after `until` (all of them without one), oldest first. */
async function signaturesSince(services: Services, address: string, until: string | undefined): Promise<ConfirmedSignatureInfo[]> {
  const key = new PublicKey(address);
  const newestFirst: ConfirmedSignatureInfo[] = [];
  let before: string | undefined;
  for (;;) {
    const page = await services.chain.connection.getSignaturesForAddress(key, { until, before, limit: PAGE }, 'confirmed');
    newestFirst.push(...page);
    if (page.length < PAGE) return newestFirst.reverse();
    before = page[page.length - 1].signature;
  }
}

/** Moves the cursor forward only: two indexers at once never set it back. */
async function advanceCursor(services: Services, pool: string, signature: string, slot: number): Promise<void> {
  await services.db.insert(curveIndexCursors).values({ pool, lastSignature: signature, lastSlot: BigInt(slot), updatedAt: services.now() })
    .onConflictDoUpdate({
      target: curveIndexCursors.pool,
      set: { lastSignature: sql`excluded.last_signature`, lastSlot: sql`excluded.last_slot`, updatedAt: sql`excluded.updated_at` },
      setWhere: sql`${curveIndexCursors.lastSlot} <= excluded.last_slot`,
    });
}

/**
 * Reads one pool address's new history and writes its swaps. The cursor stops before the first
 * signature that could not be read (not returned yet, or undecodable): the next pass tries it
 * again, and the swaps after it are written meanwhile (each once).
 */
export async function backfillPoolAddress(services: Services, address: string): Promise<IndexedTrade[]> {
  const [cursor] = await services.db.select().from(curveIndexCursors).where(eq(curveIndexCursors.pool, address));
  const history = await signaturesSince(services, address, cursor?.lastSignature);
  const written: IndexedTrade[] = [];
  let blocked = false;
  for (let i = 0; i < history.length; i += CHUNK) {
    const chunk = history.slice(i, i + CHUNK);
    // A failed transaction made no swap: nothing to fetch, but the cursor passes it.
    const result = await indexSwapSignatures(services, chunk.filter((s) => s.err === null).map((s) => s.signature));
    written.push(...result.written);
    const unread = new Set([...result.missing, ...result.failed]);
    if (blocked) continue;
    const stop = chunk.findIndex((s) => unread.has(s.signature));
    const last = stop < 0 ? chunk[chunk.length - 1] : chunk[stop - 1];
    if (stop >= 0) blocked = true;
    if (last) await advanceCursor(services, address, last.signature, last.slot);
  }
  return written;
}

/** Every DBC pool's and graduated pool's new history. */
export async function backfillSwaps(services: Services): Promise<IndexedTrade[]> {
  const rows = await services.db.select({ pool: curvePools.poolWallet, damm: curvePools.dammPool }).from(curvePools)
    .where(eq(curvePools.program, 'dbc'));
  const written: IndexedTrade[] = [];
  for (const row of rows) {
    for (const address of [row.pool, row.damm]) {
      if (!address) continue;
      // One pool's failure (a node's error, a transaction the decoder refuses) leaves the others to be read.
      try {
        written.push(...await backfillPoolAddress(services, address));
      } catch (err) {
        services.log.error({ err, pool: address }, 'swap indexer: a pool\'s history could not be read');
      }
    }
  }
  return written;
}

import type { TxRecord } from '../ledger/store';
import { ROOT_DEPTH } from '../rpc/signatureStatus';

/** slotsUpdatesNotification's result, Agave's `SlotUpdate` (rpc-client-api response.rs, tagged by `type`). */
export type SlotUpdate =
  | { type: 'createdBank'; slot: bigint; parent: bigint; timestamp: number }
  | { type: 'completed' | 'optimisticConfirmation' | 'root'; slot: bigint; timestamp: number }
  | { type: 'frozen'; slot: bigint; timestamp: number; stats: SlotTransactionStats };
type SlotTransactionStats = {
  numTransactionEntries: number; numSuccessfulTransactions: number; numFailedTransactions: number; maxTransactionsPerEntry: number;
};

/** The slot updates of slots that ended, in order, and the slots they rooted. */
export type Ended = { updates: SlotUpdate[]; roots: bigint[] };
const NOTHING: Ended = { updates: [], roots: [] };

// A process stalled for longer than this many slots reports only the last of them.
const MAX_CATCH_UP = 512n;

/**
 * What a one-node ledger's slots go through as its clock moves, told as a validator tells
 * it: the slot that ends is completed (its block is whole), frozen (with its transaction
 * counts) and optimistically confirmed at once (the only voter holds all the stake, and a
 * transaction is durable before anyone hears of it); the root moves to ROOT_DEPTH slots
 * behind the new tip, where signature statuses turn 'finalized'; then the next slot's bank
 * is created on it. No shred ever arrives from another node, so there is no
 * `firstShredReceived`; nothing is dropped, so no `dead`.
 */
export class SlotProgress {
  private readonly counts = new Map<bigint, { ok: number; failed: number }>();

  /** `restartRoot`: the slots up to it were rooted when the ledger opened (LocalLedger.restartRoot); the root moves on from there. */
  constructor(private last: bigint, private readonly restartRoot = -1n, private readonly now: () => number = Date.now) {}

  // A clock move whose slot end waits for the commit of the transactions it executed.
  private unfinished: bigint | undefined;

  /**
   * The clock moved to `slot`: a slot ends once what it executed is durable (`uncommitted`
   * transactions none), so its counts are whole; a second move does not wait again.
   */
  clockMoved(slot: bigint, uncommitted: number): Ended {
    if (uncommitted === 0 || this.unfinished !== undefined) return this.advance(slot);
    this.unfinished = slot;
    return NOTHING;
  }

  /** A commit: its transactions counted, and the slot that waited for it ended if nothing else is under way. */
  committed(records: TxRecord[], uncommitted: number): Ended {
    this.count(records);
    return this.unfinished !== undefined && uncommitted === 0 ? this.advance(this.unfinished) : NOTHING;
  }

  /** Counts committed transactions in the slot they executed in. */
  private count(records: TxRecord[]): void {
    for (const record of records) {
      if (record.slot <= this.last - 1n) continue;
      const count = this.counts.get(record.slot) ?? { ok: 0, failed: 0 };
      if (record.err) count.failed += 1; else count.ok += 1;
      this.counts.set(record.slot, count);
    }
  }

  /** The updates, in order, of the clock's move to `slot`, and the slots it roots. */
  private advance(slot: bigint): Ended {
    this.unfinished = undefined;
    const updates: SlotUpdate[] = [];
    const roots: bigint[] = [];
    if (slot <= this.last) return { updates, roots };
    const timestamp = this.now();
    const from = slot - this.last > MAX_CATCH_UP ? slot - MAX_CATCH_UP : this.last;
    for (let s = from + 1n; s <= slot; s++) {
      const ended = s - 1n;
      const count = this.counts.get(ended) ?? { ok: 0, failed: 0 };
      const transactions = count.ok + count.failed;
      updates.push(
        { type: 'completed', slot: ended, timestamp },
        // LiteSVM executes one transaction at a time: each is an entry of its own.
        { type: 'frozen', slot: ended, timestamp, stats: {
          numTransactionEntries: transactions, numSuccessfulTransactions: count.ok, numFailedTransactions: count.failed,
          maxTransactionsPerEntry: transactions > 0 ? 1 : 0,
        } },
        { type: 'optimisticConfirmation', slot: ended, timestamp },
        ...(s - ROOT_DEPTH > this.restartRoot && s >= ROOT_DEPTH ? [{ type: 'root' as const, slot: s - ROOT_DEPTH, timestamp }] : []),
        { type: 'createdBank', slot: s, parent: ended, timestamp },
      );
      if (s - ROOT_DEPTH > this.restartRoot && s >= ROOT_DEPTH) roots.push(s - ROOT_DEPTH);
    }
    for (const counted of this.counts.keys()) if (counted < slot) this.counts.delete(counted);
    this.last = slot;
    return { updates, roots };
  }
}

/** One getRecentPerformanceSamples entry (agave's RpcPerfSample). */
export type PerfSample = { slot: bigint; numTransactions: bigint; numNonVoteTransactions: bigint; numSlots: bigint; samplePeriodSecs: number };

/** A validator answers at most 720 samples: 12 hours of 60 s periods. */
export const MAX_PERF_SAMPLES = 720;

/**
 * The validator's sample-performance service: once a period (60 s) it notes how many slots and
 * transactions the period saw. Kept in memory only, so a restart starts an empty ring (a
 * validator keeps them in its blockstore); the first sample comes one period after start.
 */
export class PerformanceSamples {
  private readonly ring: PerfSample[] = [];
  private start: { ms: number; slot: bigint; transactions: bigint } | null = null;

  constructor(private readonly periodMs: number) {}

  /** Called on every clock tick with the ledger's slot and transaction count. */
  observe(nowMs: number, slot: bigint, transactions: bigint): void {
    if (!this.start) { this.start = { ms: nowMs, slot, transactions }; return; }
    const elapsed = nowMs - this.start.ms;
    if (elapsed < this.periodMs) return;
    this.ring.push({
      slot,
      numTransactions: transactions - this.start.transactions,
      // The local ledger has no votes: every transaction is a non-vote one.
      numNonVoteTransactions: transactions - this.start.transactions,
      numSlots: slot - this.start.slot,
      samplePeriodSecs: Math.floor(elapsed / 1000),
    });
    if (this.ring.length > MAX_PERF_SAMPLES) this.ring.shift();
    this.start = { ms: nowMs, slot, transactions };
  }

  /** The newest `limit` samples, newest first, as the validator lists them. */
  recent(limit: number): PerfSample[] {
    return limit === 0 ? [] : this.ring.slice(-limit).reverse();
  }
}

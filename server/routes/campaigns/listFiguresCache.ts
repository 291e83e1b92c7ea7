const MAX_KEYS = 1000;

type Entry = { at: number; value: Promise<unknown>; survivesTrades: boolean; ttlMs: number };

/**
 * List answers, totals and the trending set, reused for a few seconds: counting every
 * matching campaign scans the table, and a hundred visitors on one page would otherwise
 * queue a hundred queries on one database connection. Every live event
 * (a launch, a trade, anything published) clears it, so a change the app is told about is
 * never answered with an old figure; a computation overtaken by a clear is not kept. The
 * one exception: a trade that does not graduate its curve moves figures but no campaign
 * into or out of a list, so the totals marked `survivesTrades` outlive it (on a busy
 * market a trade a second would otherwise recount every list's total every second).
 */
export class ListFiguresCache {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly ttlMs: number, private readonly now: () => number = Date.now) {}

  /** Drops every entry, or after a plain trade every entry but the trade-proof ones. */
  clear(after: 'event' | 'trade' = 'event'): void {
    if (after === 'event') return this.entries.clear();
    for (const [key, entry] of this.entries) if (!entry.survivesTrades) this.entries.delete(key);
  }

  /**
   * `survivesTrades` entries may also live longer (`ttlMs`, never less than the cache's own):
   * what changes them is announced by an event, so their age limit is only a safety net.
   */
  get<T>(key: string, compute: () => Promise<T>, options: { survivesTrades?: boolean; ttlMs?: number } = {}): Promise<T> {
    if (this.ttlMs <= 0) return compute();
    const hit = this.entries.get(key);
    if (hit && this.now() - hit.at < hit.ttlMs) return hit.value as Promise<T>;
    // A Drizzle query is a thenable that runs again on every await: settle it once.
    const value = Promise.resolve(compute());
    const entry = { at: this.now(), value, survivesTrades: options.survivesTrades ?? false, ttlMs: Math.max(this.ttlMs, options.ttlMs ?? 0) };
    this.entries.set(key, entry);
    value.catch(() => { if (this.entries.get(key) === entry) this.entries.delete(key); });
    if (this.entries.size > MAX_KEYS) this.entries.delete(this.entries.keys().next().value!);
    return value;
  }
}

const MAX_KEYS = 1000;

/**
 * List answers, totals and the trending set, reused for a few seconds: counting every
 * matching campaign scans the table, and a hundred visitors on one page would otherwise
 * queue a hundred queries on one database connection. Every live event
 * (a launch, a trade, anything published) clears it, so a change the app is told about is
 * never answered with an old figure; a computation overtaken by a clear is not kept.
 */
export class ListFiguresCache {
  private readonly entries = new Map<string, { at: number; value: Promise<unknown> }>();

  constructor(private readonly ttlMs: number, private readonly now: () => number = Date.now) {}

  clear(): void {
    this.entries.clear();
  }

  get<T>(key: string, compute: () => Promise<T>): Promise<T> {
    if (this.ttlMs <= 0) return compute();
    const hit = this.entries.get(key);
    if (hit && this.now() - hit.at < this.ttlMs) return hit.value as Promise<T>;
    // A Drizzle query is a thenable that runs again on every await: settle it once.
    const value = Promise.resolve(compute());
    const entry = { at: this.now(), value };
    this.entries.set(key, entry);
    value.catch(() => { if (this.entries.get(key) === entry) this.entries.delete(key); });
    if (this.entries.size > MAX_KEYS) this.entries.delete(this.entries.keys().next().value!);
    return value;
  }
}

/** A client's request times, oldest first; those before `head` have left the window. */
type Log = { times: number[]; head: number };

/**
 * Sliding-window limit per client: at most `max` requests within any `windowMs`. Each
 * JSON-RPC call counts, so a batch of n uses n of the budget. Times are recorded in order, so
 * expired ones leave from the front: a call costs the same however many are in the window.
 */
export class RateLimiter {
  private readonly hits = new Map<string, Log>();

  constructor(private readonly max: number, private readonly windowMs: number, private readonly now: () => number) {}

  /** Records `cost` requests for `client` if they fit; otherwise returns the ms until they would. */
  take(client: string, cost = 1): { ok: true } | { ok: false; retryAfterMs: number } {
    const now = this.now();
    let log = this.hits.get(client);
    if (!log) { log = { times: [], head: 0 }; this.hits.set(client, log); }
    const { times } = log;
    while (log.head < times.length && times[log.head] <= now - this.windowMs) log.head++;
    if (log.head > 1024 && log.head * 2 > times.length) { times.splice(0, log.head); log.head = 0; }
    const inWindow = times.length - log.head;
    if (inWindow + cost > this.max) {
      const oldestNeeded = times[log.head + Math.max(0, inWindow + cost - this.max - 1)] ?? now;
      return { ok: false, retryAfterMs: Math.max(0, oldestNeeded + this.windowMs - now) };
    }
    for (let i = 0; i < cost; i++) times.push(now);
    return { ok: true };
  }

  /** Forgets clients with no request inside the window (called periodically). */
  sweep(): void {
    const cutoff = this.now() - this.windowMs;
    for (const [client, log] of this.hits) {
      if (log.times.length === 0 || log.times[log.times.length - 1] <= cutoff) this.hits.delete(client);
    }
  }
}

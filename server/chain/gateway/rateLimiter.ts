/**
 * Sliding-window limit per client: at most `max` requests within any `windowMs`. Each
 * JSON-RPC call counts, so a batch of n uses n of the budget.
 */
export class RateLimiter {
  private readonly hits = new Map<string, number[]>();

  constructor(private readonly max: number, private readonly windowMs: number, private readonly now: () => number) {}

  /** Records `cost` requests for `client` if they fit; otherwise returns the ms until they would. */
  take(client: string, cost = 1): { ok: true } | { ok: false; retryAfterMs: number } {
    const now = this.now();
    const recent = (this.hits.get(client) ?? []).filter((t) => t > now - this.windowMs);
    if (recent.length + cost > this.max) {
      this.hits.set(client, recent);
      const oldestNeeded = recent[Math.max(0, recent.length + cost - this.max - 1)] ?? now;
      return { ok: false, retryAfterMs: Math.max(0, oldestNeeded + this.windowMs - now) };
    }
    for (let i = 0; i < cost; i++) recent.push(now);
    this.hits.set(client, recent);
    return { ok: true };
  }

  /** Forgets clients with no request inside the window (called periodically). */
  sweep(): void {
    const cutoff = this.now() - this.windowMs;
    for (const [client, times] of this.hits) {
      if (times.every((t) => t <= cutoff)) this.hits.delete(client);
    }
  }
}

import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { HttpError } from '../http/errors';

export type RateLimitOptions = { max: number; windowMs: number; message: string };

/**
 * A per-IP fixed-window limit kept in this process's memory: enough to slow a
 * script down. Limits that must hold across processes live in the database.
 */
export function rateLimit({ max, windowMs, message }: RateLimitOptions): preHandlerAsyncHookHandler {
  const windows = new Map<string, { start: number; count: number }>();
  return async (request: FastifyRequest) => {
    const now = Date.now();
    if (windows.size > 10_000) {
      for (const [key, w] of windows) if (now - w.start >= windowMs) windows.delete(key);
    }
    const key = request.ip;
    let w = windows.get(key);
    if (!w || now - w.start >= windowMs) {
      w = { start: now, count: 0 };
      windows.set(key, w);
    }
    w.count += 1;
    if (w.count > max) throw new HttpError(429, message);
  };
}

export type FailureBackoffOptions = {
  /** Failures a key may make, within the window, before it has to wait. */
  freeFailures: number;
  /** The wait after the last free failure; each further failure doubles it. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** Failures older than this are forgotten: only those within the window count. */
  windowMs: number;
  /** Bound on remembered keys (each guessed username is one); the least recently failed go first. */
  maxKeys?: number;
};

/**
 * Counts failures (e.g. wrong passwords) per key in this process's memory, over a sliding
 * window. The free failures carry no wait; the last of them makes the key wait before its
 * next attempt is considered, and each further failure doubles that wait up to a cap: a
 * person who mistypes waits seconds at most, a guessing script soon waits the cap.
 * Callers pass `now` (ms) so tests can move time.
 */
export class FailureBackoff {
  // Failure times oldest first, and until when the key must wait.
  private readonly keys = new Map<string, { failures: number[]; until: number }>();
  constructor(private readonly options: FailureBackoffOptions) {}

  /** Milliseconds before `key` may try again; 0 when it may now. */
  waitMs(key: string, now: number): number {
    const entry = this.live(key, now);
    return entry ? Math.max(0, entry.until - now) : 0;
  }

  /** Failures of `key` within the window. */
  failures(key: string, now: number): number {
    return this.live(key, now)?.failures.length ?? 0;
  }

  recordFailure(key: string, now: number): void {
    const failures = [...(this.live(key, now)?.failures ?? []), now];
    const { freeFailures, baseDelayMs, maxDelayMs } = this.options;
    const beyond = failures.length - freeFailures;
    // Capped before the shift, so a long attack cannot overflow the exponent.
    const delay = beyond < 0 ? 0 : Math.min(maxDelayMs, baseDelayMs * 2 ** Math.min(beyond, 30));
    // Re-inserted so the map's order is least recently failed first (what eviction drops).
    this.keys.delete(key);
    this.keys.set(key, { failures, until: now + delay });
    this.evict(now);
  }

  forget(key: string): void {
    this.keys.delete(key);
  }

  /** The key's entry with its failures outside the window dropped; undefined once none is left. */
  private live(key: string, now: number) {
    const entry = this.keys.get(key);
    if (!entry) return undefined;
    const since = now - this.options.windowMs;
    const first = entry.failures.findIndex((at) => at > since);
    if (first === -1) {
      this.keys.delete(key);
      return undefined;
    }
    if (first > 0) entry.failures.splice(0, first);
    return entry;
  }

  private evict(now: number): void {
    const max = this.options.maxKeys ?? 100_000;
    if (this.keys.size <= max) return;
    for (const key of [...this.keys.keys()]) this.live(key, now);
    for (const key of this.keys.keys()) {
      if (this.keys.size <= max) break;
      this.keys.delete(key);
    }
  }
}

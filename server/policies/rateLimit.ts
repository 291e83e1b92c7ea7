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
  /** Failures a key may make before it has to wait. */
  freeFailures: number;
  /** The wait after the first failure beyond the free ones; each further failure doubles it. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** A key whose last failure is this old is forgotten. */
  forgetAfterMs: number;
  /** Bound on remembered keys (each guessed username is one); the least recently failed go first. */
  maxKeys?: number;
};

/**
 * Counts failures (e.g. wrong passwords) per key in this process's memory. After the free
 * failures each one makes the key wait before its next attempt is considered, doubling up
 * to a cap: a person who mistypes waits seconds, a guessing script soon waits the cap.
 * Callers pass `now` (ms) so tests can move time.
 */
export class FailureBackoff {
  private readonly keys = new Map<string, { failures: number; last: number; until: number }>();
  constructor(private readonly options: FailureBackoffOptions) {}

  /** Milliseconds before `key` may try again; 0 when it may now. */
  waitMs(key: string, now: number): number {
    const entry = this.live(key, now);
    return entry ? Math.max(0, entry.until - now) : 0;
  }

  /** Whether `key` has a failure that is not yet forgotten. */
  hasFailed(key: string, now: number): boolean {
    return this.live(key, now) !== undefined;
  }

  recordFailure(key: string, now: number): void {
    const failures = (this.live(key, now)?.failures ?? 0) + 1;
    const { freeFailures, baseDelayMs, maxDelayMs } = this.options;
    const extra = failures - freeFailures;
    // Capped before the shift, so a long attack cannot overflow the exponent.
    const delay = extra <= 0 ? 0 : Math.min(maxDelayMs, baseDelayMs * 2 ** Math.min(extra - 1, 30));
    // Re-inserted so the map's order is least recently failed first (what eviction drops).
    this.keys.delete(key);
    this.keys.set(key, { failures, last: now, until: now + delay });
    this.evict(now);
  }

  forget(key: string): void {
    this.keys.delete(key);
  }

  private live(key: string, now: number) {
    const entry = this.keys.get(key);
    if (entry && now - entry.last >= this.options.forgetAfterMs) {
      this.keys.delete(key);
      return undefined;
    }
    return entry;
  }

  private evict(now: number): void {
    const max = this.options.maxKeys ?? 100_000;
    if (this.keys.size <= max) return;
    for (const [key, entry] of this.keys) if (now - entry.last >= this.options.forgetAfterMs) this.keys.delete(key);
    for (const key of this.keys.keys()) {
      if (this.keys.size <= max) break;
      this.keys.delete(key);
    }
  }
}

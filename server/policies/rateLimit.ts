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

/**
 * Counts only failures (e.g. wrong passwords) per IP in a fixed window, so people
 * who sign in correctly are never slowed down while guessing from one address is.
 */
export class FailureLimiter {
  private readonly windows = new Map<string, { start: number; failures: number }>();
  constructor(private readonly options: { max: number; windowMs: number }) {}

  isBlocked(key: string, now = Date.now()): boolean {
    const w = this.windows.get(key);
    return Boolean(w && now - w.start < this.options.windowMs && w.failures >= this.options.max);
  }

  recordFailure(key: string, now = Date.now()): void {
    if (this.windows.size > 10_000) {
      for (const [k, w] of this.windows) if (now - w.start >= this.options.windowMs) this.windows.delete(k);
    }
    const w = this.windows.get(key);
    if (!w || now - w.start >= this.options.windowMs) this.windows.set(key, { start: now, failures: 1 });
    else w.failures += 1;
  }
}

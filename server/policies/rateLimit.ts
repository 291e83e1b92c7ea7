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

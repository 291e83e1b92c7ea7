import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RateLimiter } from './rateLimiter';

/** The definition: every recorded time still inside the window counts. */
class Model {
  private times: number[] = [];
  constructor(private readonly max: number, private readonly windowMs: number) {}
  take(now: number, cost: number): { ok: true } | { ok: false; retryAfterMs: number } {
    this.times = this.times.filter((t) => t > now - this.windowMs);
    if (this.times.length + cost > this.max) {
      const oldestNeeded = this.times[Math.max(0, this.times.length + cost - this.max - 1)] ?? now;
      return { ok: false, retryAfterMs: Math.max(0, oldestNeeded + this.windowMs - now) };
    }
    for (let i = 0; i < cost; i++) this.times.push(now);
    return { ok: true };
  }
}

describe('RateLimiter', () => {
  it('answers every call as the sliding-window definition does, however long the run', () => {
    fc.assert(fc.property(
      fc.integer({ min: 1, max: 50 }), fc.integer({ min: 1, max: 5_000 }),
      fc.array(fc.record({ wait: fc.integer({ min: 0, max: 400 }), cost: fc.integer({ min: 1, max: 8 }), client: fc.constantFrom('a', 'b') }), { maxLength: 3_000 }),
      (max, windowMs, calls) => {
        let now = 1_000_000;
        const limiter = new RateLimiter(max, windowMs, () => now);
        const models = { a: new Model(max, windowMs), b: new Model(max, windowMs) };
        for (const call of calls) {
          now += call.wait;
          expect(limiter.take(call.client, call.cost)).toEqual(models[call.client].take(now, call.cost));
        }
      },
    ), { numRuns: 200 });
  });

  it('forgets a client once its last request has left the window', () => {
    let now = 0;
    const limiter = new RateLimiter(1, 1_000, () => now);
    expect(limiter.take('a')).toEqual({ ok: true });
    expect(limiter.take('a')).toEqual({ ok: false, retryAfterMs: 1_000 });
    now = 999;
    limiter.sweep();
    expect(limiter.take('a')).toEqual({ ok: false, retryAfterMs: 1 });
    now = 1_000;
    limiter.sweep();
    expect(limiter.take('a')).toEqual({ ok: true });
  });
});

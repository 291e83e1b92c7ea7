import { RateLimiter } from '../chain/gateway/rateLimiter';
import { tooManyRequests } from '../http/errors';

export const REPORTS_PER_HOUR = 5;
const HOUR_MS = 3_600_000;

export const reportLimitMessage = (retryAfterMs: number) => {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
  return `Too many reports from your network: at most ${REPORTS_PER_HOUR} an hour. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
};

/**
 * Reports are free to send and land in an operator's queue: each client address may
 * file at most five an hour (sliding window, this process's memory, like the other
 * per-client limits). Only reports that would be stored count, so a person fixing a
 * short description is not locked out.
 */
export class ReportLimits {
  private readonly rate: RateLimiter;
  private calls = 0;

  constructor(now: () => number = Date.now) {
    this.rate = new RateLimiter(REPORTS_PER_HOUR, HOUR_MS, now);
  }

  take(address: string): void {
    if (++this.calls % 1000 === 0) this.rate.sweep();
    const taken = this.rate.take(address);
    if (!taken.ok) throw tooManyRequests(reportLimitMessage(taken.retryAfterMs), taken.retryAfterMs);
  }
}

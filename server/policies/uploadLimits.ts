import { RateLimiter } from '../chain/gateway/rateLimiter';
import { tooManyRequests } from '../http/errors';
import type { Services } from '../services';

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 3_600_000;
const MB = 1024 * 1024;
// A shared address (an office, a mobile carrier) carries several creators' uploads.
export const ADDRESS_QUOTA_FACTOR = 4;

export type UploadLimitSettings = { perMinute: number; quotaMb: number };

export const uploadMessages = {
  tooFast: 'Too many uploads. Try again in a minute.',
  quota: (mb: number) => `Upload quota reached: ${mb} MB a day. Try again tomorrow.`,
};

/**
 * Uploads cost disk: each signed-in wallet and each client address may send at most
 * `perMinute` uploads a minute and store at most `quotaMb` a day (an address four times
 * that). Kept in this process's memory, like the other per-client limits; bounded by
 * forgetting idle clients.
 */
export class UploadLimits {
  private readonly rate: RateLimiter;
  private readonly stored = new Map<string, { at: number; bytes: number }[]>();
  private lastSweep: number;

  constructor(readonly settings: UploadLimitSettings, private readonly now: () => number = Date.now) {
    this.rate = new RateLimiter(settings.perMinute, MINUTE_MS, now);
    this.lastSweep = now();
  }

  /** Before the body is read: the upload is counted, or refused with a 429. */
  admit(wallet: string, address: string): void {
    this.sweepNowAndThen();
    for (const key of [`w:${wallet}`, `a:${address}`]) {
      const taken = this.rate.take(key);
      if (!taken.ok) throw tooManyRequests(uploadMessages.tooFast, taken.retryAfterMs);
    }
    this.assertRoom(wallet, address, 0);
  }

  /** Once the size is known, before anything is stored. */
  assertRoom(wallet: string, address: string, bytes: number): void {
    for (const [key, quota] of this.quotas(wallet, address)) {
      if (this.used(key) + bytes > quota) throw tooManyRequests(uploadMessages.quota(this.settings.quotaMb), this.retryAfter(key));
    }
  }

  /** After a file is stored. */
  record(wallet: string, address: string, bytes: number): void {
    const at = this.now();
    for (const [key] of this.quotas(wallet, address)) {
      const entries = this.live(key);
      entries.push({ at, bytes });
      this.stored.set(key, entries);
    }
  }

  private quotas(wallet: string, address: string): [string, number][] {
    const bytes = this.settings.quotaMb * MB;
    return [[`w:${wallet}`, bytes], [`a:${address}`, bytes * ADDRESS_QUOTA_FACTOR]];
  }

  private live(key: string) {
    const cutoff = this.now() - DAY_MS;
    return (this.stored.get(key) ?? []).filter((e) => e.at > cutoff);
  }

  private used(key: string): number {
    return this.live(key).reduce((sum, e) => sum + e.bytes, 0);
  }

  private retryAfter(key: string): number {
    const oldest = this.live(key)[0];
    return oldest ? oldest.at + DAY_MS - this.now() : DAY_MS;
  }

  private sweepNowAndThen(): void {
    const now = this.now();
    if (now - this.lastSweep < MINUTE_MS) return;
    this.lastSweep = now;
    this.rate.sweep();
    for (const key of this.stored.keys()) {
      const entries = this.live(key);
      if (entries.length === 0) this.stored.delete(key);
      else this.stored.set(key, entries);
    }
  }
}

export function uploadLimitsFor(services: Services): UploadLimits {
  return new UploadLimits(
    { perMinute: services.env.UPLOADS_PER_MINUTE, quotaMb: services.env.UPLOAD_QUOTA_MB },
    () => services.now().getTime(),
  );
}

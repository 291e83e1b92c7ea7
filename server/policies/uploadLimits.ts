import { and, eq, gt, or, sql } from 'drizzle-orm';
import { RateLimiter } from '../chain/gateway/rateLimiter';
import type { Db } from '../db/client';
import { uploads } from '../db/schema';
import { tooManyRequests } from '../http/errors';
import type { Services } from '../services';

const MINUTE_MS = 60_000;
/** The quota's day: uploads older than this no longer count. */
export const QUOTA_DAY_MS = 24 * 3_600_000;
const MB = 1024 * 1024;
// A shared address (an office, a mobile carrier) carries several creators' uploads.
export const ADDRESS_QUOTA_FACTOR = 4;

export type UploadLimitSettings = { perMinute: number; quotaMb: number };

export const uploadMessages = {
  tooFast: 'Too many uploads. Try again in a minute.',
  quota: (mb: number) => `Upload quota reached: ${mb} MB a day. Try again tomorrow.`,
};

/** What a wallet or an address stored in the last day, and when the oldest of it was (ms). */
type StoredToday = { bytes: number; oldest: number | null };

/**
 * Uploads cost disk: each signed-in wallet and each client address may send at most
 * `perMinute` uploads a minute and store at most `quotaMb` a day (an address four times
 * that).
 *
 * The daily quota is storage cost, so it holds across the fleet: it is summed from the
 * `uploads` rows (their sizes and client addresses; one indexed statement, well under a
 * millisecond), and every stored upload is its own row, written before its bytes are stored
 * (commands/storeUpload.ts). It is read before the body (a full wallet sends nothing) and
 * again once the size is known, so uploads running side by side on any processes can
 * overshoot it only if their checks and rows interleave within those milliseconds.
 *
 * The per-minute rate stays in this process's memory, like the other per-client rates: it
 * paces the work of receiving and hashing bodies on the process doing it, and behind N web
 * processes it allows at most N times the uploads a minute, none of them past the quota.
 */
export class UploadLimits {
  private readonly rate: RateLimiter;
  private lastSweep: number;

  constructor(readonly settings: UploadLimitSettings, private readonly db: Db, private readonly now: () => number = Date.now) {
    this.rate = new RateLimiter(settings.perMinute, MINUTE_MS, now);
    this.lastSweep = now();
  }

  /** Before the body is read: the upload is counted, or refused with a 429. */
  async admit(wallet: string, address: string): Promise<void> {
    this.sweepNowAndThen();
    for (const key of [`w:${wallet}`, `a:${address}`]) {
      const taken = this.rate.take(key);
      if (!taken.ok) throw tooManyRequests(uploadMessages.tooFast, taken.retryAfterMs);
    }
    await this.assertRoom(wallet, address, 0);
  }

  /** Once the size is known, before anything is stored. */
  async assertRoom(wallet: string, address: string, bytes: number): Promise<void> {
    const usage = await this.usage(wallet, address);
    const quota = this.settings.quotaMb * MB;
    for (const [used, max] of [[usage.wallet, quota], [usage.address, quota * ADDRESS_QUOTA_FACTOR]] as const) {
      if (used.bytes + bytes > max) throw tooManyRequests(uploadMessages.quota(this.settings.quotaMb), this.retryAfter(used));
    }
  }

  private async usage(wallet: string, address: string): Promise<{ wallet: StoredToday; address: StoredToday }> {
    const byWallet = eq(uploads.uploadedBy, wallet);
    const byAddress = eq(uploads.clientAddress, address);
    const bytes = (who: typeof byWallet) => sql`coalesce(sum(${uploads.sizeBytes}) filter (where ${who}), 0)::float8`.mapWith(Number);
    const oldest = (who: typeof byWallet) => sql`extract(epoch from min(${uploads.createdAt}) filter (where ${who})) * 1000`.mapWith(Number);
    const [row] = await this.db.select({
      walletBytes: bytes(byWallet), walletOldest: oldest(byWallet), addressBytes: bytes(byAddress), addressOldest: oldest(byAddress),
    }).from(uploads).where(and(gt(uploads.createdAt, new Date(this.now() - QUOTA_DAY_MS)), or(byWallet, byAddress)));
    return {
      wallet: { bytes: row?.walletBytes ?? 0, oldest: row?.walletOldest ?? null },
      address: { bytes: row?.addressBytes ?? 0, oldest: row?.addressOldest ?? null },
    };
  }

  private retryAfter(used: StoredToday): number {
    return used.oldest === null ? QUOTA_DAY_MS : used.oldest + QUOTA_DAY_MS - this.now();
  }

  private sweepNowAndThen(): void {
    const now = this.now();
    if (now - this.lastSweep < MINUTE_MS) return;
    this.lastSweep = now;
    this.rate.sweep();
  }
}

export function uploadLimitsFor(services: Services): UploadLimits {
  return new UploadLimits(
    { perMinute: services.env.UPLOADS_PER_MINUTE, quotaMb: services.env.UPLOAD_QUOTA_MB },
    services.db,
    () => services.now().getTime(),
  );
}

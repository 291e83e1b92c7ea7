import { and, inArray, isNotNull, lte, lt } from 'drizzle-orm';
import { LOGIN_BACKOFF } from '../auth/admin/loginThrottle';
import { adminLoginFailures, campaignComments, emailOutbox, rateLimitEvents, uploads } from '../db/schema';
import { CONFIRMATIONS_DAY_MS } from './saveEmailSettings';
import { COMMENT_LIMIT_DAY_MS } from '../policies/commentLimits';
import { SHARED_RATE_MAX_WINDOW_MS } from '../policies/sharedRate';
import { QUOTA_DAY_MS } from '../policies/uploadLimits';
import type { Services } from '../services';

export type PrunedLimits = { loginKeys: number; uploadAddresses: number; commentAddresses: number; mailAddresses: number; rateEvents: number };

/**
 * Drops what the fleet-wide limits no longer need: admin login throttle rows whose wait ended
 * a window ago (none of their failures counts any more), the faucet's and sign-in's events once
 * older than their minute, and the client address of uploads, comments and confirmation mails
 * older than their limits' day (kept only for those limits; the wallet stays).
 */
export async function pruneLimitRecords({ db, now }: Services): Promise<PrunedLimits> {
  const at = now().getTime();
  // Rows an attempt holds are skipped, never waited for: a prune never deadlocks with a login.
  const forgotten = db.select({ key: adminLoginFailures.key }).from(adminLoginFailures)
    .where(lt(adminLoginFailures.waitUntil, new Date(at - LOGIN_BACKOFF.windowMs)))
    .for('update', { skipLocked: true });
  const logins = await db.delete(adminLoginFailures).where(inArray(adminLoginFailures.key, forgotten)).returning({ key: adminLoginFailures.key });
  const addresses = await db.update(uploads).set({ clientAddress: null })
    .where(and(isNotNull(uploads.clientAddress), lte(uploads.createdAt, new Date(at - QUOTA_DAY_MS))))
    .returning({ id: uploads.id });
  const commentAddresses = await db.update(campaignComments).set({ clientAddress: null })
    .where(and(isNotNull(campaignComments.clientAddress), lte(campaignComments.createdAt, new Date(at - COMMENT_LIMIT_DAY_MS))))
    .returning({ id: campaignComments.id });
  const mailAddresses = await db.update(emailOutbox).set({ clientAddress: null })
    .where(and(isNotNull(emailOutbox.clientAddress), lte(emailOutbox.createdAt, new Date(at - CONFIRMATIONS_DAY_MS))))
    .returning({ id: emailOutbox.id });
  const rateEvents = await db.delete(rateLimitEvents).where(lt(rateLimitEvents.at, new Date(at - SHARED_RATE_MAX_WINDOW_MS)))
    .returning({ id: rateLimitEvents.id });
  return {
    loginKeys: logins.length, uploadAddresses: addresses.length, commentAddresses: commentAddresses.length,
    mailAddresses: mailAddresses.length, rateEvents: rateEvents.length,
  };
}

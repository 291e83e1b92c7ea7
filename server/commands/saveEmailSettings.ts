import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { NotificationKind } from '../../core/notifications';
import type { Db } from '../db/client';
import { emailOutbox, emailSubscriptions } from '../db/schema';
import type { Env } from '../env';
import { tooManyRequests } from '../http/errors';
import { confirmPageUrl, unsubscribeApiPrefix, unsubscribePagePrefix } from '../mail/links';

/** Confirmation mails a wallet may have sent per CONFIRMATIONS_WINDOW_MS (each reaches someone's inbox). */
export const CONFIRMATIONS_PER_HOUR = 5;
export const CONFIRMATIONS_WINDOW_MS = 60 * 60_000;
export const CONFIRM_TOKEN_TTL_MS = 24 * 60 * 60_000;
export const TOO_MANY_CONFIRMATIONS = `Too many confirmation e-mails: at most ${CONFIRMATIONS_PER_HOUR} an hour. Try again later.`;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const newToken = () => randomBytes(32).toString('base64url');

export type EmailSaved = { confirmationSent: boolean };

/**
 * Sets a wallet's address and the kinds it wants mailed. A new (or unconfirmed) address
 * gets a confirmation mail with a random token that expires (only its sha256 is stored)
 * and nothing else is mailed until it is confirmed; the same confirmed address only
 * changes the kinds. Confirmation mails are limited per wallet (429 beyond), counted under
 * a per-wallet transaction lock so parallel requests cannot all slip under the limit.
 */
export async function saveEmailSettings(
  db: Db, env: Env, props: { wallet: string; email: string; kinds: NotificationKind[]; now: Date },
): Promise<EmailSaved> {
  const { wallet, email, kinds, now } = props;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`email:${wallet}`}))`);
    const [current] = await tx.select().from(emailSubscriptions).where(eq(emailSubscriptions.wallet, wallet));
    if (current && current.email === email && current.confirmedAt) {
      await tx.update(emailSubscriptions).set({ kinds, updatedAt: now }).where(eq(emailSubscriptions.wallet, wallet));
      return { confirmationSent: false };
    }
    const since = new Date(now.getTime() - CONFIRMATIONS_WINDOW_MS);
    const [{ sent }] = await tx.select({ sent: sql<number>`count(*)::int` }).from(emailOutbox)
      .where(and(eq(emailOutbox.wallet, wallet), eq(emailOutbox.purpose, 'confirm'), gt(emailOutbox.createdAt, since))) as [{ sent: number }];
    if (sent >= CONFIRMATIONS_PER_HOUR) throw tooManyRequests(TOO_MANY_CONFIRMATIONS, CONFIRMATIONS_WINDOW_MS);
    const token = newToken();
    const tokenHash = hashToken(token);
    const unsubscribeToken = current?.unsubscribeToken ?? newToken();
    const values = {
      email, kinds, confirmedAt: null, confirmTokenHash: tokenHash, confirmExpiresAt: new Date(now.getTime() + CONFIRM_TOKEN_TTL_MS), updatedAt: now,
    };
    await tx.insert(emailSubscriptions).values({ wallet, ...values, unsubscribeToken, createdAt: now })
      .onConflictDoUpdate({ target: emailSubscriptions.wallet, set: values });
    // An earlier confirmation still queued is for an address no longer wanted.
    await tx.update(emailOutbox).set({ status: 'cancelled' })
      .where(and(eq(emailOutbox.wallet, wallet), eq(emailOutbox.purpose, 'confirm'), eq(emailOutbox.status, 'pending')));
    await tx.insert(emailOutbox).values({
      wallet, dedupeKey: `confirm:${wallet}:${tokenHash.slice(0, 24)}`, purpose: 'confirm', toAddress: email,
      subject: 'Confirm your e-mail address for Causemint',
      text: [
        'A wallet on Causemint asked to receive its notifications at this address.',
        '',
        `Confirm it (the link works for 24 hours): ${confirmPageUrl(env, token)}`,
        '',
        `Wallet: ${wallet}`,
        'If this was not you, ignore this mail: nothing more will be sent.',
        `Unsubscribe: ${unsubscribePagePrefix(env)}${unsubscribeToken}`,
      ].join('\n'),
      unsubscribeUrl: `${unsubscribeApiPrefix(env)}${unsubscribeToken}`,
      nextAttemptAt: now, createdAt: now,
    });
    return { confirmationSent: true };
  });
}

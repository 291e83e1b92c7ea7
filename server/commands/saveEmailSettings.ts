import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, ne, sql } from 'drizzle-orm';
import type { NotificationKind } from '../../core/notifications';
import type { Db } from '../db/client';
import { emailNotMeTokens, emailOutbox, emailSubscriptions, emailSuppressions } from '../db/schema';
import type { Env } from '../env';
import { conflict, tooManyRequests } from '../http/errors';
import { clientKey } from '../http/clientKey';
import { confirmPageUrl, notMeApiUrl, notMePageUrl } from '../mail/links';

/** Confirmation mails a wallet may have sent per CONFIRMATIONS_WINDOW_MS (each reaches someone's inbox). */
export const CONFIRMATIONS_PER_HOUR = 5;
export const CONFIRMATIONS_WINDOW_MS = 60 * 60_000;
/** The window of the per-recipient and per-client caps (EMAIL_CONFIRMATIONS_PER_ADDRESS, _PER_CLIENT). */
export const CONFIRMATIONS_DAY_MS = 24 * 60 * 60_000;
export const CONFIRM_TOKEN_TTL_MS = 24 * 60 * 60_000;
export const TOO_MANY_CONFIRMATIONS = `Too many confirmation e-mails: at most ${CONFIRMATIONS_PER_HOUR} an hour. Try again later.`;
export const tooManyToAddress = (n: number) =>
  `This address has been sent ${n} confirmation e-mail${n === 1 ? '' : 's'} today, the most it gets in a day whichever wallets ask. Try again tomorrow.`;
export const tooManyFromClient = (n: number) => `Too many confirmation e-mails from your network: at most ${n} a day. Try again tomorrow.`;
export const ADDRESS_SUPPRESSED = 'The owner of this address asked us never to e-mail it (they answered a confirmation mail with "this was not me"). Use another address.';

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const newToken = () => randomBytes(32).toString('base64url');

export type EmailSaved = { confirmationSent: boolean };

type Props = { wallet: string; email: string; kinds: NotificationKind[]; now: Date; clientAddress: string };

/**
 * Sets a wallet's address and the kinds it wants mailed. A new (or unconfirmed) address
 * gets a confirmation mail with a random token that expires (only its sha256 is stored)
 * and nothing else is mailed until it is confirmed; the same confirmed address only
 * changes the kinds. Wallets are free, so confirmation mails are capped per wallet (5 an hour),
 * per recipient address across every wallet (EMAIL_CONFIRMATIONS_PER_ADDRESS a day) and per
 * client address (EMAIL_CONFIRMATIONS_PER_CLIENT a day), 429 with Retry-After beyond, counted
 * from the outbox under advisory locks on the wallet, the recipient and the client, so parallel
 * requests through any number of processes cannot all slip under a cap. An address whose owner
 * said 'this was not me' is refused (409). Each mail carries that 'not me' link.
 */
export async function saveEmailSettings(db: Db, env: Env, props: Props): Promise<EmailSaved> {
  const { wallet, email, kinds, now } = props;
  const client = clientKey(props.clientAddress);
  return db.transaction(async (tx) => {
    // One statement, always in this order (wallet, recipient, client): no two requests wait on each other in a cycle.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`email:${wallet}`})), pg_advisory_xact_lock(hashtext(${`email-to:${email}`})),
      pg_advisory_xact_lock(hashtext(${`email-from:${client}`}))`);
    const [suppressed] = await tx.select({ email: emailSuppressions.email }).from(emailSuppressions).where(eq(emailSuppressions.email, email));
    if (suppressed) throw conflict(ADDRESS_SUPPRESSED);
    const [current] = await tx.select().from(emailSubscriptions).where(eq(emailSubscriptions.wallet, wallet));
    if (current && current.email === email && current.confirmedAt) {
      await tx.update(emailSubscriptions).set({ kinds, updatedAt: now }).where(eq(emailSubscriptions.wallet, wallet));
      return { confirmationSent: false };
    }
    await assertUnderCaps(tx, env, { wallet, email, client, now });
    const token = newToken();
    const tokenHash = hashToken(token);
    const notMe = newToken();
    const unsubscribeToken = current?.unsubscribeToken ?? newToken();
    const values = {
      email, kinds, confirmedAt: null, confirmTokenHash: tokenHash, confirmExpiresAt: new Date(now.getTime() + CONFIRM_TOKEN_TTL_MS), updatedAt: now,
    };
    await tx.insert(emailSubscriptions).values({ wallet, ...values, unsubscribeToken, createdAt: now })
      .onConflictDoUpdate({ target: emailSubscriptions.wallet, set: values });
    // An earlier confirmation still queued is for an address no longer wanted.
    await tx.update(emailOutbox).set({ status: 'cancelled' })
      .where(and(eq(emailOutbox.wallet, wallet), eq(emailOutbox.purpose, 'confirm'), eq(emailOutbox.status, 'pending')));
    await tx.insert(emailNotMeTokens).values({ tokenHash: hashToken(notMe), email, createdAt: now });
    await tx.insert(emailOutbox).values({
      wallet, dedupeKey: `confirm:${wallet}:${tokenHash.slice(0, 24)}`, purpose: 'confirm', toAddress: email, clientAddress: client,
      subject: 'Confirm your e-mail address for Causemint',
      text: [
        'A wallet on Causemint asked to receive its notifications at this address.',
        '',
        `Confirm it (the link works for 24 hours): ${confirmPageUrl(env, token)}`,
        '',
        `Wallet: ${wallet}`,
        '',
        'If this was not you, open this link and we will never e-mail this address again, whichever wallet asks:',
        notMePageUrl(env, notMe),
      ].join('\n'),
      // A mail client's one-click unsubscribe on a confirmation is 'this was not me' (RFC 8058 POST).
      unsubscribeUrl: notMeApiUrl(env, notMe),
      nextAttemptAt: now, createdAt: now,
    });
    return { confirmationSent: true };
  });
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The three caps, each counted from the outbox's confirmation rows; a confirmation cancelled before it was sent reached no inbox and counts only for its wallet. */
async function assertUnderCaps(tx: Tx, env: Env, who: { wallet: string; email: string; client: string; now: Date }): Promise<void> {
  const at = who.now.getTime();
  const count = (where: ReturnType<typeof and>, since: number) => tx.select({
    n: sql<number>`count(*)::int`, oldest: sql<string | null>`min(${emailOutbox.createdAt})::text`,
  }).from(emailOutbox).where(and(eq(emailOutbox.purpose, 'confirm'), gt(emailOutbox.createdAt, new Date(since)), where));
  const retryAfter = (oldest: string | null, windowMs: number) => (oldest ? Date.parse(oldest) + windowMs - at : windowMs);

  const [byWallet] = await count(eq(emailOutbox.wallet, who.wallet), at - CONFIRMATIONS_WINDOW_MS);
  if (byWallet!.n >= CONFIRMATIONS_PER_HOUR) throw tooManyRequests(TOO_MANY_CONFIRMATIONS, CONFIRMATIONS_WINDOW_MS);
  const [byRecipient] = await count(and(eq(emailOutbox.toAddress, who.email), ne(emailOutbox.status, 'cancelled')), at - CONFIRMATIONS_DAY_MS);
  if (byRecipient!.n >= env.EMAIL_CONFIRMATIONS_PER_ADDRESS) {
    throw tooManyRequests(tooManyToAddress(env.EMAIL_CONFIRMATIONS_PER_ADDRESS), retryAfter(byRecipient!.oldest, CONFIRMATIONS_DAY_MS));
  }
  const [byClient] = await count(and(eq(emailOutbox.clientAddress, who.client), ne(emailOutbox.status, 'cancelled')), at - CONFIRMATIONS_DAY_MS);
  if (byClient!.n >= env.EMAIL_CONFIRMATIONS_PER_CLIENT) {
    throw tooManyRequests(tooManyFromClient(env.EMAIL_CONFIRMATIONS_PER_CLIENT), retryAfter(byClient!.oldest, CONFIRMATIONS_DAY_MS));
  }
}

import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { emailNotMeTokens, emailOutbox, emailSubscriptions, emailSuppressions } from '../db/schema';
import { hashToken } from './saveEmailSettings';

/**
 * 'This was not me' (the link in a confirmation mail; no sign-in, the one-time token is the
 * authority): the address is never mailed again, for every wallet. It is recorded
 * (email_suppressions, so no wallet can add it again: saveEmailSettings answers 409), every
 * wallet's subscription to it is removed and every mail still queued for it is cancelled, in
 * one transaction under the address's lock (the one saveEmailSettings takes). Answers the
 * address, and whether its token had been used already (a repeat changes nothing), or null for
 * a token we never sent.
 */
export async function stopEmailToAddress(db: Db, props: { token: string; now: Date }): Promise<{ email: string; already: boolean } | null> {
  return db.transaction(async (tx) => {
    const [link] = await tx.select().from(emailNotMeTokens).where(eq(emailNotMeTokens.tokenHash, hashToken(props.token)));
    if (!link) return null;
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`email-to:${link.email}`}))`);
    const used = await tx.update(emailNotMeTokens).set({ usedAt: props.now })
      .where(and(eq(emailNotMeTokens.tokenHash, link.tokenHash), isNull(emailNotMeTokens.usedAt))).returning({ hash: emailNotMeTokens.tokenHash });
    await tx.insert(emailSuppressions).values({ email: link.email, createdAt: props.now }).onConflictDoNothing();
    await tx.delete(emailSubscriptions).where(eq(emailSubscriptions.email, link.email));
    await tx.update(emailOutbox).set({ status: 'cancelled', lastError: 'The address asked for no more mail' })
      .where(and(eq(emailOutbox.toAddress, link.email), eq(emailOutbox.status, 'pending')));
    return { email: link.email, already: used.length === 0 };
  });
}

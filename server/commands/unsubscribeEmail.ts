import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { emailOutbox, emailSubscriptions } from '../db/schema';

/**
 * One-click unsubscribe (works signed out; RFC 8058): the address is no longer confirmed
 * (mailing it again takes a new confirmation) and the wallet's queued mails are cancelled.
 * Answers whether the token named an address; a repeat is still true.
 */
export async function unsubscribeEmail(db: Db, props: { token: string; now: Date }): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx.update(emailSubscriptions)
      .set({ confirmedAt: null, confirmTokenHash: null, confirmExpiresAt: null, updatedAt: props.now })
      .where(eq(emailSubscriptions.unsubscribeToken, props.token)).returning({ wallet: emailSubscriptions.wallet });
    if (!row) return false;
    await tx.update(emailOutbox).set({ status: 'cancelled' })
      .where(and(eq(emailOutbox.wallet, row.wallet), inArray(emailOutbox.status, ['pending'])));
    return true;
  });
}

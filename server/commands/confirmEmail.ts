import { and, eq, gt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { emailSubscriptions } from '../db/schema';
import { hashToken } from './saveEmailSettings';

/** Confirms the address a confirmation token was sent to: the wallet's, now and only if unexpired. Answers it, or null. */
export async function confirmEmail(db: Db, props: { token: string; now: Date }): Promise<{ email: string; wallet: string } | null> {
  const [row] = await db.update(emailSubscriptions)
    .set({ confirmedAt: props.now, confirmTokenHash: null, confirmExpiresAt: null, updatedAt: props.now })
    .where(and(eq(emailSubscriptions.confirmTokenHash, hashToken(props.token)), gt(emailSubscriptions.confirmExpiresAt, props.now)))
    .returning({ email: emailSubscriptions.email, wallet: emailSubscriptions.wallet });
  return row ?? null;
}

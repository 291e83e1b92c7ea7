import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { userSessions } from '../db/schema';

/** Ends one sign-in session (logout or wallet disconnect). */
export async function endWalletSession(db: Db, sessionId: string, now: Date): Promise<void> {
  await db.update(userSessions)
    .set({ endedAt: now, lastActivity: now })
    .where(and(eq(userSessions.id, sessionId), isNull(userSessions.endedAt)));
}

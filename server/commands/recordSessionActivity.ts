import { and, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { SessionAction } from '../../core/enums';
import type { Db } from '../db/client';
import { userSessions } from '../db/schema';

/**
 * Notes an action on the wallet's latest live session: appends it to actions_taken,
 * counts campaigns created and trades made, and moves last_activity. Returns false
 * when the wallet has no live session (nothing is written then).
 */
export async function recordSessionActivity(db: Db, wallet: string, action: SessionAction, now: Date = new Date()): Promise<boolean> {
  const latest = db
    .select({ id: userSessions.id })
    .from(userSessions)
    .where(and(eq(userSessions.walletAddress, wallet), isNull(userSessions.endedAt), gt(userSessions.expiresAt, now)))
    .orderBy(desc(userSessions.createdAt))
    .limit(1);
  const updated = await db.update(userSessions)
    .set({
      actionsTaken: sql`${userSessions.actionsTaken} || ${JSON.stringify([action])}::jsonb`,
      campaignsCreated: sql`${userSessions.campaignsCreated} + ${action === 'created_campaign' ? 1 : 0}`,
      tradesMade: sql`${userSessions.tradesMade} + ${action === 'made_trade' ? 1 : 0}`,
      lastActivity: now,
    })
    .where(inArray(userSessions.id, latest))
    .returning({ id: userSessions.id });
  return updated.length > 0;
}

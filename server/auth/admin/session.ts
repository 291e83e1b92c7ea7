import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { adminAccounts, adminSessions } from '../../db/schema';

export const ADMIN_COOKIE = 'cm_admin';

export type AdminIdentity = { id: number; username: string; sessionId: number; expiresAt: Date };

/** 32 random bytes as hex: what the browser holds. Only its sha256 is stored. */
export function newSessionToken(): string {
  return randomBytes(32).toString('hex');
}

export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The live session a cookie value belongs to, or null (unknown, ended or expired). */
export async function findAdminSession(db: Db, token: string | undefined, now: Date): Promise<AdminIdentity | null> {
  if (!token || !/^[0-9a-f]{64}$/.test(token)) return null;
  const [row] = await db
    .select({ id: adminAccounts.id, username: adminAccounts.username, sessionId: adminSessions.id, expiresAt: adminSessions.expiresAt })
    .from(adminSessions)
    .innerJoin(adminAccounts, eq(adminAccounts.id, adminSessions.adminId))
    .where(and(eq(adminSessions.tokenHash, hashSessionToken(token)), isNull(adminSessions.endedAt), gt(adminSessions.expiresAt, now)))
    .limit(1);
  return row ?? null;
}

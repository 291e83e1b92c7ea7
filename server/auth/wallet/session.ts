import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { userSessions } from '../../db/schema';

export const WALLET_SESSION_COOKIE = 'cm_session';

export type WalletSession = { id: string; wallet: string; expiresAt: Date };

/** 32 random bytes as hex: what the browser holds. Only its sha256 is stored. */
export function newSessionToken(): string {
  return randomBytes(32).toString('hex');
}

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** The live session a cookie value belongs to, or null (unknown, ended or expired). */
export async function findWalletSession(db: Db, token: string | undefined, now: Date): Promise<WalletSession | null> {
  if (!token || !/^[0-9a-f]{64}$/.test(token)) return null;
  const [row] = await db
    .select({ id: userSessions.id, wallet: userSessions.walletAddress, expiresAt: userSessions.expiresAt })
    .from(userSessions)
    .where(and(eq(userSessions.sessionTokenHash, sha256Hex(token)), isNull(userSessions.endedAt), gt(userSessions.expiresAt, now)))
    .orderBy(desc(userSessions.createdAt))
    .limit(1);
  return row?.expiresAt ? { id: row.id, wallet: row.wallet, expiresAt: row.expiresAt } : null;
}

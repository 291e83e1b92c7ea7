import { eq } from 'drizzle-orm';
import { ADMIN_SESSION_MS } from '../../core/constants';
import { burnPasswordCheck, verifyPassword } from '../auth/admin/password';
import { hashSessionToken, newSessionToken } from '../auth/admin/session';
import { adminAccounts, adminSessions } from '../db/schema';
import type { Services } from '../services';
import { adminWrite } from './adminWrite';

export type LoginProps = { username: string; password: string; ip: string | null; userAgent: string | null };

export type LoginResult =
  | { ok: true; token: string; username: string; expiresAt: Date }
  | { ok: false };

/**
 * Checks the credentials and opens a 24-hour session. An unknown username and a wrong
 * password do the same work (one lookup, one scrypt check) and give the same answer.
 * Throttling happens before this, in the route (auth/admin/loginThrottle.ts); the
 * account's old lockout columns (failed_attempts, locked_until) are no longer read.
 */
export async function loginAdmin({ db, now }: Services, props: LoginProps): Promise<LoginResult> {
  const at = now();
  const [account] = await db.select().from(adminAccounts).where(eq(adminAccounts.username, props.username)).limit(1);
  if (!account) {
    await burnPasswordCheck(props.password);
    return { ok: false };
  }
  if (!(await verifyPassword(props.password, account.passwordHash))) return { ok: false };

  const token = newSessionToken();
  const expiresAt = new Date(at.getTime() + ADMIN_SESSION_MS);
  await adminWrite(db, { id: account.id, username: account.username, ip: props.ip }, { action: 'login' }, async (tx) => {
    await tx.update(adminAccounts).set({ failedAttempts: 0, lockedUntil: null, lastLoginAt: at }).where(eq(adminAccounts.id, account.id));
    await tx.insert(adminSessions).values({
      adminId: account.id, tokenHash: hashSessionToken(token), ipAddress: props.ip, userAgent: props.userAgent, createdAt: at, expiresAt,
    });
  });
  return { ok: true, token, username: account.username, expiresAt };
}

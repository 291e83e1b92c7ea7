import { eq } from 'drizzle-orm';
import { ADMIN_LOCKOUT_MS, ADMIN_MAX_FAILED_LOGINS, ADMIN_SESSION_MS } from '../../core/constants';
import { burnPasswordCheck, verifyPassword } from '../auth/admin/password';
import { hashSessionToken, newSessionToken } from '../auth/admin/session';
import { adminAccounts, adminSessions } from '../db/schema';
import type { Services } from '../services';
import { adminWrite } from './adminWrite';

export type LoginProps = { username: string; password: string; ip: string | null; userAgent: string | null };

export type LoginResult =
  | { ok: true; token: string; username: string; expiresAt: Date }
  | { ok: false; reason: 'invalid' | 'locked' };

/**
 * Checks the credentials and opens a 24-hour session. Failures count towards a
 * lockout kept in the database, so every server process sees the same count.
 */
export async function loginAdmin({ db, now }: Services, props: LoginProps): Promise<LoginResult> {
  const at = now();
  const [account] = await db.select().from(adminAccounts).where(eq(adminAccounts.username, props.username)).limit(1);
  if (!account) {
    await burnPasswordCheck(props.password);
    return { ok: false, reason: 'invalid' };
  }
  if (account.lockedUntil && account.lockedUntil > at) return { ok: false, reason: 'locked' };

  if (!(await verifyPassword(props.password, account.passwordHash))) {
    await recordFailure(db, account.id, at);
    return { ok: false, reason: 'invalid' };
  }

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

async function recordFailure(db: Services['db'], adminId: number, at: Date): Promise<void> {
  await db.transaction(async (tx) => {
    // Row lock: concurrent failures from several processes must all count.
    const [row] = await tx.select().from(adminAccounts).where(eq(adminAccounts.id, adminId)).for('update');
    if (!row || (row.lockedUntil && row.lockedUntil > at)) return;
    const failures = (row.lockedUntil ? 0 : row.failedAttempts) + 1;
    const lock = failures >= ADMIN_MAX_FAILED_LOGINS;
    await tx.update(adminAccounts).set({
      failedAttempts: lock ? 0 : failures,
      lockedUntil: lock ? new Date(at.getTime() + ADMIN_LOCKOUT_MS) : null,
    }).where(eq(adminAccounts.id, adminId));
  });
}

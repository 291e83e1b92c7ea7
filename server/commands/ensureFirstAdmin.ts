import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { hashPassword, verifyPassword } from '../auth/admin/password';
import { adminAccounts } from '../db/schema';
import type { Services } from '../services';
import { adminWrite } from './adminWrite';

const SYSTEM = { id: null, username: 'system', ip: null };

/** Set when this call generated the local admin: the only time its password exists in clear. */
export type GeneratedAdmin = { username: string; password: string } | null;

/**
 * The first admin: from ADMIN_USERNAME/ADMIN_PASSWORD (created, or its password
 * brought in line with the environment), or, in local mode with no admin at all,
 * generated once with a random password that the caller shows on the console.
 */
export async function ensureFirstAdmin({ db, env, log }: Services): Promise<GeneratedAdmin> {
  if (env.ADMIN_USERNAME && env.ADMIN_PASSWORD) {
    await upsertConfiguredAdmin(db, env.ADMIN_USERNAME, env.ADMIN_PASSWORD);
    return null;
  }
  const count = await db.$count(adminAccounts);
  if (count > 0) return null;
  if (!env.testNetwork) {
    log.warn('No admin account exists: set ADMIN_USERNAME and ADMIN_PASSWORD to create one');
    return null;
  }
  const username = 'admin';
  const password = randomBytes(18).toString('base64url');
  const passwordHash = await hashPassword(password);
  // Several processes may start at once: only the one whose insert lands announces it.
  const created = await adminWrite(db, SYSTEM, { action: 'admin_generated', target: username }, (tx) =>
    tx.insert(adminAccounts).values({ username, passwordHash }).onConflictDoNothing().returning({ id: adminAccounts.id }));
  return created.length > 0 ? { username, password } : null;
}

async function upsertConfiguredAdmin(db: Services['db'], username: string, password: string): Promise<void> {
  const [existing] = await db.select().from(adminAccounts).where(eq(adminAccounts.username, username)).limit(1);
  if (existing && (await verifyPassword(password, existing.passwordHash))) return;
  const passwordHash = await hashPassword(password);
  await adminWrite(db, SYSTEM, { action: existing ? 'admin_password_set_from_env' : 'admin_created_from_env', target: username }, (tx) =>
    tx.insert(adminAccounts).values({ username, passwordHash })
      .onConflictDoUpdate({ target: adminAccounts.username, set: { passwordHash, failedAttempts: 0, lockedUntil: sql`null` } }));
}

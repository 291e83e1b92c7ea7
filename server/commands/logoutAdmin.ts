import { and, eq, isNull } from 'drizzle-orm';
import type { AdminIdentity } from '../auth/admin/session';
import { adminSessions } from '../db/schema';
import type { Services } from '../services';
import { adminWrite } from './adminWrite';

/** Ends the session row; the cookie alone can no longer sign anyone in. */
export async function logoutAdmin({ db, now }: Services, admin: AdminIdentity, ip: string | null): Promise<void> {
  await adminWrite(db, { id: admin.id, username: admin.username, ip }, { action: 'logout' }, async (tx) => {
    await tx.update(adminSessions).set({ endedAt: now() })
      .where(and(eq(adminSessions.id, admin.sessionId), isNull(adminSessions.endedAt)));
  });
}

import type { Db } from '../db/client';
import { adminAuditLog } from '../db/schema';

/** Who did it: the signed-in admin (or 'system' for start-up tasks) and from where. */
export type AdminActor = { id: number | null; username: string; ip: string | null };

export type AuditEntry = { action: string; target?: string | null; details?: Record<string, unknown> };

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Runs an admin write and its audit-log row in one transaction: either both are
 * stored or neither. Every admin command goes through here.
 */
export async function adminWrite<T>(db: Db, actor: AdminActor, entry: AuditEntry | ((result: T) => AuditEntry), write: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    const result = await write(tx);
    const { action, target = null, details = {} } = typeof entry === 'function' ? entry(result) : entry;
    await tx.insert(adminAuditLog).values({ adminId: actor.id, adminUsername: actor.username, action, target, details, ipAddress: actor.ip });
    return result;
  });
}

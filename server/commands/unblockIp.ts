import { eq } from 'drizzle-orm';
import { ipBlocks } from '../db/schema';
import { notFound } from '../http/errors';
import type { Services } from '../services';
import { IP_BLOCKS_CHANGED, refreshIpBlocks } from '../security/ipBlockList';
import { adminWrite, type AdminActor } from './adminWrite';

type Row = typeof ipBlocks.$inferSelect;

/** Lifts a block: removed, audited (with who had blocked it and when), then lifted in every process. */
export async function unblockIp(services: Services, actor: AdminActor, id: number): Promise<Row> {
  const row = await adminWrite(services.db, actor, (r: Row) => ({
    action: 'ip_unblocked',
    target: r.address,
    details: { id: r.id, address: r.address, blocked_by: r.blockedByUsername, blocked_at: r.createdAt.toISOString() },
  }), async (tx) => {
    const [deleted] = await tx.delete(ipBlocks).where(eq(ipBlocks.id, id)).returning();
    if (!deleted) throw notFound('IP block not found');
    return deleted;
  });
  await refreshIpBlocks(services);
  await services.events.publish({ type: IP_BLOCKS_CHANGED });
  return row;
}

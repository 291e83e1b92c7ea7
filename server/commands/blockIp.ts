import { ipBlocks } from '../db/schema';
import { conflict } from '../http/errors';
import type { Services } from '../services';
import { IP_BLOCKS_CHANGED, refreshIpBlocks } from '../security/ipBlockList';
import { adminWrite, type AdminActor } from './adminWrite';

type Row = typeof ipBlocks.$inferSelect;

/** Blocks an address or range (canonical text): stored, audited, then enforced by every process. */
export async function blockIp(services: Services, actor: AdminActor, address: string, { ownAddress }: { ownAddress: boolean }): Promise<Row> {
  const row = await adminWrite(services.db, actor, (r: Row) => ({
    action: 'ip_blocked',
    target: r.address,
    // Whether the admin confirmed blocking the address they were using.
    details: { id: r.id, address: r.address, own_address: ownAddress },
  }), async (tx) => {
    const [inserted] = await tx.insert(ipBlocks)
      .values({ address, blockedByAdminId: actor.id, blockedByUsername: actor.username, createdAt: services.now() })
      .onConflictDoNothing({ target: ipBlocks.address })
      .returning();
    if (!inserted) throw conflict(`${address} is already blocked`);
    return inserted;
  });
  await refreshIpBlocks(services);
  await services.events.publish({ type: IP_BLOCKS_CHANGED });
  return row;
}

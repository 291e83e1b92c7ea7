import { eq } from 'drizzle-orm';
import { verifiedCharities } from '../db/schema';
import type { Services } from '../services';
import { adminWrite, type AdminActor } from './adminWrite';
import { auditSnapshot, charityOr404, lockCharities, type CharityRow } from './charityRows';

/**
 * Removes a charity from the directory. Campaigns that chose its wallet keep it as their
 * donation wallet (it is theirs, on chain); only the listing goes. Audited, then announced.
 */
export async function deleteCharity(services: Services, actor: AdminActor, id: number): Promise<CharityRow> {
  const row = await adminWrite(services.db, actor, (r: CharityRow) => ({
    action: 'charity_deleted', target: `charity:${r.id}`, details: { before: auditSnapshot(r), after: null },
  }), async (tx) => {
    await lockCharities(tx);
    const existing = await charityOr404(tx, id);
    await tx.delete(verifiedCharities).where(eq(verifiedCharities.id, id));
    return existing;
  });
  await services.events.publish({ type: 'charities_changed' });
  return row;
}

import { sql } from 'drizzle-orm';
import type { CharityCreate } from '../../core/schemas/charity';
import { verifiedCharities } from '../db/schema';
import type { Services } from '../services';
import { adminWrite, type AdminActor } from './adminWrite';
import { assertWalletFree, auditSnapshot, lockCharities, type CharityRow } from './charityRows';

/** Adds a charity at the end of the display order; audited, then announced. */
export async function createCharity(services: Services, actor: AdminActor, input: CharityCreate): Promise<CharityRow> {
  const row = await adminWrite(services.db, actor, (r: CharityRow) => ({
    action: 'charity_created', target: `charity:${r.id}`, details: { before: null, after: auditSnapshot(r) },
  }), async (tx) => {
    await lockCharities(tx);
    await assertWalletFree(tx, input.wallet_address);
    // The spec's 'list length plus 1', taken as the last place plus one so a deletion never makes two rows share it.
    const [{ next }] = await tx.select({ next: sql<number>`coalesce(max(${verifiedCharities.displayOrder}), 0)::int + 1` }).from(verifiedCharities);
    const at = services.now();
    const [inserted] = await tx.insert(verifiedCharities).values({
      name: input.name, category: input.category, walletAddress: input.wallet_address, website: input.website,
      websiteUrl: input.website_url, logo: input.logo, description: input.description, isActive: input.is_active,
      displayOrder: next, createdAt: at, updatedAt: at,
    }).returning();
    return inserted!;
  });
  await services.events.publish({ type: 'charities_changed' });
  return row;
}

import { eq } from 'drizzle-orm';
import { CHARITY_MESSAGES, type CharityPatch } from '../../core/schemas/charity';
import { verifiedCharities } from '../db/schema';
import { badRequest } from '../http/errors';
import type { Services } from '../services';
import { adminWrite, type AdminActor } from './adminWrite';
import { assertWalletFree, auditSnapshot, charityOr404, lockCharities, type CharityRow } from './charityRows';

/** Edits a charity's fields or its active flag; audited with the row before and after, then announced. */
export async function updateCharity(services: Services, actor: AdminActor, id: number, patch: CharityPatch): Promise<CharityRow> {
  const changes: Partial<typeof verifiedCharities.$inferInsert> = {};
  if (patch.name !== undefined) changes.name = patch.name;
  if (patch.category !== undefined) changes.category = patch.category;
  if (patch.wallet_address !== undefined) changes.walletAddress = patch.wallet_address;
  if (patch.website !== undefined) changes.website = patch.website;
  if (patch.website_url !== undefined) changes.websiteUrl = patch.website_url;
  if (patch.logo !== undefined) changes.logo = patch.logo;
  if (patch.description !== undefined) changes.description = patch.description;
  if (patch.is_active !== undefined) changes.isActive = patch.is_active;
  if (Object.keys(changes).length === 0) throw badRequest(CHARITY_MESSAGES.nothingToChange);

  let before: CharityRow | undefined;
  const row = await adminWrite(services.db, actor, (r: CharityRow) => ({
    action: patch.is_active !== undefined && Object.keys(changes).length === 1 ? (r.isActive ? 'charity_activated' : 'charity_deactivated') : 'charity_updated',
    target: `charity:${r.id}`,
    details: { before: before && auditSnapshot(before), after: auditSnapshot(r) },
  }), async (tx) => {
    await lockCharities(tx);
    before = await charityOr404(tx, id);
    if (changes.walletAddress !== undefined) await assertWalletFree(tx, changes.walletAddress, id);
    const [updated] = await tx.update(verifiedCharities).set({ ...changes, updatedAt: services.now() })
      .where(eq(verifiedCharities.id, id)).returning();
    return updated!;
  });
  await services.events.publish({ type: 'charities_changed' });
  return row;
}

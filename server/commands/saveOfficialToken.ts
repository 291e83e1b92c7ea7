import { eq } from 'drizzle-orm';
import { launchRequests, officialToken } from '../db/schema';
import type { Services } from '../services';
import type { LaunchRow } from './saveLaunchedCampaign';
import { localOfficialLinks } from '../official/links';

/**
 * The official token's launch, saved: the official_token row now names the launched mint,
 * its pool and distributor wallets and the launch, and the request moves to campaign_saved.
 * One transaction; re-running it writes the same values.
 */
export async function saveOfficialToken(services: Services, row: LaunchRow): Promise<number> {
  const now = services.now();
  await services.db.transaction(async (tx) => {
    await tx.update(officialToken).set({
      tokenAddress: row.mint, poolAddress: row.poolWallet, distributorWallet: row.distributorWallet,
      launchRequestId: row.requestId, source: 'local', links: localOfficialLinks(services.env, row.mint), updatedAt: now,
    }).where(eq(officialToken.id, 1));
    await tx.update(launchRequests).set({ state: 'campaign_saved', updatedAt: now }).where(eq(launchRequests.requestId, row.requestId));
  });
  return 0;
}

// The campaigns on their own DBC pool whose creator role has SOL fees to claim (issue 36): the
// pool's accrued creator fee, read from the chain, is what the run pays the donation wallet.

import { and, eq, isNotNull, isNull, ne } from 'drizzle-orm';
import { PublicKey } from '@solana/web3.js';
import { campaigns, curvePools, distributionRuns } from '../db/schema';
import { readVirtualPool } from '../curve/virtualPool';
import type { Services } from '../services';
import type { Candidate } from './candidates';

export async function scanDbcCandidates(services: Services, minPayoutLamports: bigint): Promise<{ due: Candidate[]; belowFloor: Candidate[] }> {
  const rows = await services.db.select({
    campaignId: campaigns.id, mint: campaigns.tokenAddress, distributorWallet: campaigns.distributorWallet,
    donationWallet: campaigns.donationWallet, pool: curvePools.poolWallet,
  }).from(campaigns)
    .innerJoin(curvePools, eq(curvePools.mint, campaigns.tokenAddress))
    // Before graduation; the locked DAMM v2 position's fees are claimed another way (not yet built).
    .where(and(eq(curvePools.program, 'dbc'), isNull(curvePools.dammPool), isNotNull(campaigns.distributorWallet), ne(campaigns.donationWallet, '')));
  const open = new Set((await services.db.select({ campaignId: distributionRuns.campaignId }).from(distributionRuns)
    .where(ne(distributionRuns.state, 'paid'))).map((r) => r.campaignId));
  const out: { due: Candidate[]; belowFloor: Candidate[] } = { due: [], belowFloor: [] };
  for (const row of rows) {
    if (open.has(row.campaignId) || !row.donationWallet || !row.distributorWallet) continue;
    const state = (await readVirtualPool(services.chain.connection, new PublicKey(row.pool)))?.poolState;
    if (!state || state.creator.toBase58() !== row.distributorWallet) continue;
    const accrued = BigInt(state.creatorQuoteFee.toString());
    if (accrued === 0n) continue;
    const candidate: Candidate = {
      campaignId: row.campaignId, mint: row.mint!, distributorWallet: row.distributorWallet, donationWallet: row.donationWallet,
      tokens: 0n, estimatedDonation: accrued,
    };
    (accrued >= minPayoutLamports ? out.due : out.belowFloor).push(candidate);
  }
  return out;
}

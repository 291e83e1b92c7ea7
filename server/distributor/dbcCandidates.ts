// The campaigns on their own DBC pool whose creator role has SOL fees to claim (issue 36): the
// pool's accrued creator fee, read from the chain, is what the run pays the donation wallet.

import { and, eq, isNotNull, ne } from 'drizzle-orm';
import { PublicKey } from '@solana/web3.js';
import { campaigns, curvePools, distributionRuns } from '../db/schema';
import { pendingPositionFee } from '../curve/positionClaimTransaction';
import { readVirtualPool, readVirtualPools } from '../curve/virtualPool';
import type { VirtualPool } from '@meteora-ag/dynamic-bonding-curve-sdk';
import type { Services } from '../services';

export type Candidate = {
  campaignId: number; mint: string; distributorWallet: string; donationWallet: string;
  /** What the claim would pay, read from the chain. */
  estimatedDonation: bigint;
};

export async function scanDbcCandidates(services: Services, minPayoutLamports: bigint): Promise<{ due: Candidate[]; belowFloor: Candidate[] }> {
  const rows = await services.db.select({
    campaignId: campaigns.id, mint: campaigns.tokenAddress, distributorWallet: campaigns.distributorWallet,
    donationWallet: campaigns.donationWallet, pool: curvePools.poolWallet, dammPool: curvePools.dammPool,
  }).from(campaigns)
    .innerJoin(curvePools, eq(curvePools.mint, campaigns.tokenAddress))
    .where(and(eq(curvePools.program, 'dbc'), isNotNull(campaigns.distributorWallet), ne(campaigns.donationWallet, '')));
  // The platform's own claim of the pool (partnerCandidates.ts) runs beside the cause's: it never holds this one back.
  const open = new Set((await services.db.select({ campaignId: distributionRuns.campaignId }).from(distributionRuns)
    .where(and(ne(distributionRuns.state, 'paid'), ne(distributionRuns.kind, 'partner_claim')))).map((r) => r.campaignId));
  const out: { due: Candidate[]; belowFloor: Candidate[] } = { due: [], belowFloor: [] };
  const scanned = rows.filter((row) => !open.has(row.campaignId) && row.donationWallet && row.distributorWallet);
  const pools = await readVirtualPools(services.chain.connection, scanned.map((row) => new PublicKey(row.pool)));
  for (const [i, row] of scanned.entries()) {
    const accrued = await accruedOf(services, pools[i]!, row.dammPool, row.distributorWallet!);
    if (accrued === null || accrued === 0n) continue;
    const candidate: Candidate = {
      campaignId: row.campaignId, mint: row.mint!, distributorWallet: row.distributorWallet!, donationWallet: row.donationWallet!,
      estimatedDonation: accrued,
    };
    (accrued >= minPayoutLamports ? out.due : out.belowFloor).push(candidate);
  }
  return out;
}

/** The creator role's next claim: the curve's creator fee, or once that is claimed after graduation, the locked position's pending fee. */
export async function accruedFor(services: Services, pool: string, dammPool: string | null, distributor: string): Promise<bigint | null> {
  return accruedOf(services, await readVirtualPool(services.chain.connection, new PublicKey(pool)), dammPool, distributor);
}

async function accruedOf(services: Services, pool: VirtualPool | null, dammPool: string | null, distributor: string): Promise<bigint | null> {
  const { connection } = services.chain;
  const state = pool?.poolState;
  if (!state || state.creator.toBase58() !== distributor) return null;
  // What the curve accrued up to graduation stays claimable, and goes first (steps/claim.ts).
  const curveFee = BigInt(state.creatorQuoteFee.toString());
  if (curveFee > 0n || !dammPool) return curveFee;
  return pendingPositionFee(connection, new PublicKey(dammPool), new PublicKey(distributor));
}

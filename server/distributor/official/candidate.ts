// Whether the official token is due a run: launched here (its distributor wallet is ours),
// no unfinished run, and a claimable fee on its own DBC pool of at least the floor.

import { and, desc, eq, ne } from 'drizzle-orm';
import { curvePools, distributionRuns, officialToken } from '../../db/schema';
import type { Services } from '../../services';
import { accruedFor } from '../dbcCandidates';

export type OfficialCandidate = { mint: string; distributorWallet: string; carriedIn: bigint; charityCarriedIn: bigint };

/** The official mint the pass should scan, when it is one of ours and has no unfinished run. */
export async function officialMintToScan(services: Services): Promise<{ mint: string; distributorWallet: string } | null> {
  const [row] = await services.db.select({ mint: officialToken.tokenAddress, distributorWallet: officialToken.distributorWallet })
    .from(officialToken).innerJoin(curvePools, eq(curvePools.mint, officialToken.tokenAddress)).where(eq(officialToken.id, 1));
  if (!row?.distributorWallet) return null;
  const [open] = await services.db.select({ id: distributionRuns.id }).from(distributionRuns)
    .where(and(eq(distributionRuns.kind, 'official'), ne(distributionRuns.state, 'paid'))).limit(1);
  return open ? null : { mint: row.mint, distributorWallet: row.distributorWallet };
}

export async function officialCandidate(
  services: Services, target: { mint: string; distributorWallet: string },
): Promise<OfficialCandidate | null> {
  const [pool] = await services.db.select().from(curvePools).where(eq(curvePools.mint, target.mint));
  const [last] = await services.db.select({ out: distributionRuns.carriedOutLamports, charityOut: distributionRuns.charityCarriedOutLamports })
    .from(distributionRuns).where(and(eq(distributionRuns.kind, 'official'), eq(distributionRuns.state, 'paid')))
    .orderBy(desc(distributionRuns.paidAt)).limit(1);
  const carried = { ...target, carriedIn: last?.out ?? 0n, charityCarriedIn: last?.charityOut ?? 0n };
  if (!pool) return null;
  // Due once the pool's accrued fee (what the run claims) reaches the floor.
  const accrued = await accruedFor(services, pool.poolWallet, pool.dammPool, target.distributorWallet);
  return accrued !== null && accrued >= services.env.DISTRIBUTOR_MIN_PAYOUT_LAMPORTS ? carried : null;
}

// Whether the official token is due a run: launched here (its distributor wallet is ours),
// no unfinished run, and on its own DBC pool a claimable fee of at least the floor (on the
// custodial curve: fees withheld whose sell is worth at least the floor).

import { and, desc, eq, ne } from 'drizzle-orm';
import { quoteSellAfterFee } from '../../../core/curve';
import { curvePools, distributionRuns, officialToken } from '../../db/schema';
import type { Services } from '../../services';
import { chainHoldings, transferFeeOfPool } from '../../trading';
import type { WithheldAccount } from '../withheld';
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
  services: Services, target: { mint: string; distributorWallet: string }, withheld: WithheldAccount[], withheldInMint: bigint,
): Promise<OfficialCandidate | null> {
  const [pool] = await services.db.select().from(curvePools).where(eq(curvePools.mint, target.mint));
  const [last] = await services.db.select({ out: distributionRuns.carriedOutLamports, charityOut: distributionRuns.charityCarriedOutLamports })
    .from(distributionRuns).where(and(eq(distributionRuns.kind, 'official'), eq(distributionRuns.state, 'paid')))
    .orderBy(desc(distributionRuns.paidAt)).limit(1);
  const carried = { ...target, carriedIn: last?.out ?? 0n, charityCarriedIn: last?.charityOut ?? 0n };
  // On its own DBC pool: due once the pool's accrued fee (what the run claims) reaches the floor.
  if (pool?.program === 'dbc') {
    const accrued = await accruedFor(services, pool.poolWallet, pool.dammPool, target.distributorWallet);
    return accrued !== null && accrued >= services.env.DISTRIBUTOR_MIN_PAYOUT_LAMPORTS ? carried : null;
  }
  const held = (await chainHoldings(services.chain)(target.distributorWallet, target.mint)).tokens;
  const tokens = withheld.reduce((sum, a) => sum + a.withheld, 0n) + withheldInMint + held;
  if (tokens === 0n) return null;
  let estimate = 0n;
  try {
    const state = await services.trading.book.reservedState(target.mint, 'sell');
    estimate = quoteSellAfterFee(state, tokens, transferFeeOfPool(pool!)).solOut;
  } catch (err) {
    if (!(err instanceof RangeError)) throw err;
  }
  if (estimate < services.env.DISTRIBUTOR_MIN_PAYOUT_LAMPORTS) return null;
  return carried;
}

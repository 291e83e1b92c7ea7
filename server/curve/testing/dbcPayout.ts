// A DBC campaign's payout as the distributor job makes it: one run of the real distributor,
// which claims the pool's creator fee (4.8% of each trade, in SOL) straight to the donation
// wallet in one transaction signed by the campaign's distributor key.

import { and, desc, eq } from 'drizzle-orm';
import { distributionRuns } from '../../db/schema';
import { distributorFor } from '../../distributor/distributor';
import type { Services } from '../../services';

/** Runs the distributor once; the mint's newest `dbc_claim` run, paid: its claim's signature and what it delivered. */
export async function payOutDbc(services: Services, mint: string): Promise<{ signature: string; lamports: bigint }> {
  await distributorFor(services).run();
  const [run] = await services.db.select().from(distributionRuns)
    .where(and(eq(distributionRuns.mint, mint), eq(distributionRuns.kind, 'dbc_claim')))
    .orderBy(desc(distributionRuns.createdAt)).limit(1);
  if (run?.state !== 'paid') throw new Error(`no paid claim for ${mint}: ${run?.state ?? 'no run'}`);
  const claim = run.txs.find((tx) => tx.step === 'claim');
  if (!claim || run.donationLamports === null) throw new Error(`claim run ${run.id} has no claim`);
  return { signature: claim.signature, lamports: run.donationLamports };
}

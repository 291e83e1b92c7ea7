// A data folder or database made while campaigns could trade on the custodial curve (a pool
// wallet held by a platform key) cannot be run by this version: nothing here trades, claims or
// refunds those pools any more. The start stops and says what it found and the two ways on.

import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Db } from '../client';
import { curvePools, distributionRuns, launchRequests } from '../schema';

// A custodial request past these states holds the creator's SOL in its funding wallet.
const FUNDED_STATES = ['funded', 'mint_created', 'curve_seeded', 'initial_buy_done', 'campaign_saved', 'refunding'] as const;

export class RetiredCustodialData extends Error {
  constructor(readonly found: { pools: number; runs: number; launches: number }) {
    const parts = [
      found.pools > 0 ? `${found.pools} custodial curve pool(s)` : null,
      found.runs > 0 ? `${found.runs} unfinished custodial fee run(s)` : null,
      found.launches > 0 ? `${found.launches} funded custodial launch request(s)` : null,
    ].filter(Boolean).join(', ');
    super(
      `This database was made by the custodial curve, which this version retired: it holds ${parts}. `
      + 'Either run the previous version until its fee runs are paid and its launch requests refunded, then move those pools off it, '
      + 'or start a fresh local ledger: stop the server and move the data folder (DATA_DIR, default .data) aside, or point DATABASE_URL at a new database. '
      + "See DEPLOY.md, 'Upgrading from the custodial curve'.",
    );
    this.name = 'RetiredCustodialData';
  }
}

/** Throws RetiredCustodialData when the database still holds anything only the custodial design could run. */
export async function refuseRetiredCustodialData(db: Db): Promise<void> {
  const [pools, runs, launches] = await Promise.all([
    db.$count(curvePools, eq(curvePools.program, 'custodial')),
    db.$count(distributionRuns, and(eq(distributionRuns.kind, 'campaign'), ne(distributionRuns.state, 'paid'))),
    db.$count(launchRequests, and(eq(launchRequests.program, 'custodial'), inArray(launchRequests.state, [...FUNDED_STATES]))),
  ]);
  if (pools + runs + launches > 0) throw new RetiredCustodialData({ pools, runs, launches });
}

// DBC launch requests nobody completed (issue 36). Nothing of the creator's is ever held for a
// DBC request, so one left for longer than the custodial launcher's abandon time is either a
// launch that never landed (its blockhash ran out long ago, so it never can): the row and its two
// keys go; or a launch that landed without its complete (a crash after the send, a client that
// sent it itself): it is completed, since its pool's creator role is one of those keys.

import { PublicKey } from '@solana/web3.js';
import { and, eq, lt, ne } from 'drizzle-orm';
import { launchRequests } from '../db/schema';
import { ABANDONED_AFTER_MS } from './launchTerms';
import type { Services } from '../services';
import { completeDbcLaunch } from './completeLaunch';
import { DBC_LAUNCH_KEY_ROLES, withDbcRequestLock } from './launchCampaign';

export type StaleSweep = { expired: string[]; completed: string[] };

export async function sweepStaleDbcLaunches(services: Services): Promise<StaleSweep> {
  const cutoff = new Date(services.now().getTime() - ABANDONED_AFTER_MS);
  const stale = await services.db.select().from(launchRequests)
    .where(and(eq(launchRequests.program, 'dbc'), ne(launchRequests.state, 'created'), lt(launchRequests.updatedAt, cutoff)));
  const out: StaleSweep = { expired: [], completed: [] };
  for (const row of stale) {
    try {
      // Only the launch transaction creates the mint: without it on chain, nothing landed.
      if (await services.chain.connection.getAccountInfo(new PublicKey(row.mint), 'confirmed')) {
        await completeDbcLaunch(services, { requestId: row.requestId, creatorWallet: row.creatorWallet });
        out.completed.push(row.requestId);
      } else if (await expire(services, row.requestId, cutoff)) {
        out.expired.push(row.requestId);
      }
    } catch (err) {
      services.log.error({ err, requestId: row.requestId }, 'dbc launch: stale request sweep failed');
    }
  }
  if (out.expired.length + out.completed.length > 0) services.log.info(out, 'dbc launch: stale requests swept');
  return out;
}

/** The row and its keys in one transaction (a key never outlives its request or the other way round), unless it moved meanwhile. */
function expire(services: Services, requestId: string, cutoff: Date): Promise<boolean> {
  return withDbcRequestLock(services, requestId, () => services.db.transaction(async (tx) => {
    const [gone] = await tx.delete(launchRequests)
      .where(and(eq(launchRequests.requestId, requestId), eq(launchRequests.program, 'dbc'), ne(launchRequests.state, 'created'), lt(launchRequests.updatedAt, cutoff)))
      .returning({ requestId: launchRequests.requestId });
    if (gone) await services.keys.discard(requestId, DBC_LAUNCH_KEY_ROLES, tx);
    return Boolean(gone);
  }));
}

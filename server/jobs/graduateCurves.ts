import { and, eq, isNull } from 'drizzle-orm';
import { LAMPORTS_PER_SOL } from '../../core/constants';
import { PublicKey } from '@solana/web3.js';
import { curvePools } from '../db/schema';
import { curvePartner } from '../curve/configs';
import { graduatePool } from '../curve/graduate';
import type { Services } from '../services';
import type { Job } from './runner';

/** What one migration costs its payer at most (the two position NFTs' accounts and fees): the faucet tops the partner key up to it. */
const MIGRATION_BUDGET_LAMPORTS = LAMPORTS_PER_SOL / 10n;

/**
 * Campaigns on their own DBC pool whose curve is complete migrate into DAMM v2 (server/curve/
 * graduate.ts), paid by the platform's DBC partner key. The migration is permissionless and the program runs it
 * once: a second worker, or anyone else who migrated first, finds the pool migrated and this
 * records where it went.
 */
export async function graduateCompleteCurves(services: Services): Promise<number> {
  const due = await services.db.select().from(curvePools)
    .where(and(eq(curvePools.program, 'dbc'), eq(curvePools.complete, true), isNull(curvePools.dammPool)));
  if (due.length === 0) return 0;
  const payer = await curvePartner(services);
  let graduated = 0;
  for (const pool of due) {
    const { chain } = services;
    if (chain.airdrop && BigInt(await chain.connection.getBalance(payer.publicKey, 'confirmed')) < MIGRATION_BUDGET_LAMPORTS) {
      await chain.airdrop(payer.publicKey.toBase58(), MIGRATION_BUDGET_LAMPORTS);
    }
    const result = await graduatePool(chain.connection, new PublicKey(pool.poolWallet), payer, (wire) => chain.sendAndConfirm(wire));
    if (result.status === 'not_complete') continue;
    await services.db.update(curvePools).set({ dammPool: result.dammPool, graduatedAt: pool.graduatedAt ?? services.now(), updatedAt: services.now() })
      .where(eq(curvePools.mint, pool.mint));
    services.log.info({ mint: pool.mint, dammPool: result.dammPool, signature: result.signature, status: result.status }, 'curve graduated into DAMM v2');
    graduated++;
  }
  return graduated;
}

export const graduateCurvesJob: Job = {
  name: 'graduate-curves',
  everyMs: 5_000,
  runAtStart: true,
  run: async (services) => { await graduateCompleteCurves(services); },
  // The trade that completes a curve wakes it at once.
  wake: (services, trigger) => services.trades.onGraduated(() => trigger()),
};

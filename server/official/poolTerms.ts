// The official token's pool, as its page tells it (issue 36): launched here on its own DBC pool,
// the 10% it takes from each trade is a pool fee fixed in the pool's config, DBC's protocol keeps
// a fifth of it, and only the pool's creator role (the official distributor) claims the rest.

import { PublicKey } from '@solana/web3.js';
import { eq } from 'drizzle-orm';
import { DBC_PROTOCOL_FEE_PERCENT } from '../../core/curve/dbc';
import { dbcClientOf } from '../curve/clients';
import { readVirtualPool } from '../curve/virtualPool';
import { curvePools } from '../db/schema';
import type { Services } from '../services';

export type OfficialPoolTerms = {
  program: 'dbc';
  pool: string;
  /** The fee each trade pays now, in basis points: the curve's, or once graduated the DAMM v2 pool's. */
  poolFeeBps: number;
  /** The share of every fee DBC (and DAMM v2 after graduation) keeps as the protocol's. */
  protocolSharePercent: number;
  /** Who may claim the rest: the pool's creator role. */
  feeClaimer: string;
  /** Set once graduated: the DAMM v2 pool its liquidity is locked in. */
  dammPool: string | null;
};

// DBC's fee numerators are over 1,000,000,000: one basis point is 100,000.
const NUMERATOR_PER_BPS = 100_000n;

/** Null unless the official token trades on a DBC pool of ours (the custodial curve, an operator's token on a cluster). */
export async function officialPoolTerms(services: Services, mint: string): Promise<OfficialPoolTerms | null> {
  const [row] = await services.db.select({ program: curvePools.program, pool: curvePools.poolWallet, dammPool: curvePools.dammPool })
    .from(curvePools).where(eq(curvePools.mint, mint));
  if (row?.program !== 'dbc') return null;
  const { connection } = services.chain;
  const state = (await readVirtualPool(connection, new PublicKey(row.pool)))?.poolState;
  const config = state && await dbcClientOf(connection).state.getPoolConfig(state.config);
  if (!state || !config) return null;
  const curveBps = Number(BigInt(config.poolFees.baseFee.cliffFeeNumerator.toString()) / NUMERATOR_PER_BPS);
  return {
    program: 'dbc', pool: row.pool, poolFeeBps: state.isMigrated ? config.migratedPoolFeeBps : curveBps,
    protocolSharePercent: DBC_PROTOCOL_FEE_PERCENT, feeClaimer: state.creator.toBase58(), dammPool: row.dammPool,
  };
}

/** Percentage points of each trade, to one decimal: what a line's share of the claimable fee is. */
export function taxPointsOf(percent: number, totalTaxBps: number, protocolSharePercent: number): number {
  return Math.round((percent * totalTaxBps * (100 - protocolSharePercent)) / 100_000) / 10;
}

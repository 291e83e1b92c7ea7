// A DBC pool's state as the chain holds it.

import { DynamicBondingCurveClient, type VirtualPool } from '@meteora-ag/dynamic-bonding-curve-sdk';
import type { Connection, PublicKey } from '@solana/web3.js';

/**
 * The virtual pool at `address`, or null. The SDK's getPool (1.5.12) is typed as the pool but
 * answers `{ poolState }` at run time: read it either way, so an SDK that fixes either side
 * keeps working.
 */
export async function readVirtualPool(connection: Connection, address: PublicKey): Promise<VirtualPool | null> {
  const answer: unknown = await new DynamicBondingCurveClient(connection, 'confirmed').state.getPool(address);
  if (answer === null || typeof answer !== 'object') return null;
  return ('poolState' in answer ? answer.poolState : answer) as VirtualPool;
}

// A DBC pool's state as the chain holds it.

import { DynamicBondingCurveClient, type VirtualPool } from '@meteora-ag/dynamic-bonding-curve-sdk';
import type { Connection, PublicKey } from '@solana/web3.js';

/** The pool's own fields: the SDK's IDL (1.5.12) types its VirtualPool account as `{ poolState }` around them. */
export type VirtualPoolState = VirtualPool['poolState'];

/**
 * The virtual pool at `address`, or null. The SDK's getPool (1.5.12) answers `{ poolState }`,
 * as its types say; an SDK answering the fields directly is read too, so either keeps working.
 */
export async function readVirtualPool(connection: Connection, address: PublicKey): Promise<VirtualPoolState | null> {
  const answer: unknown = await new DynamicBondingCurveClient(connection, 'confirmed').state.getPool(address);
  if (answer === null || typeof answer !== 'object') return null;
  return ('poolState' in answer ? answer.poolState : answer) as VirtualPoolState;
}

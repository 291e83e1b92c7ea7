// A DBC pool's account as the chain holds it.

import { DynamicBondingCurveClient, type VirtualPool } from '@meteora-ag/dynamic-bonding-curve-sdk';
import type { Connection, PublicKey } from '@solana/web3.js';

/** The virtual pool account at `address` (its fields under `poolState`, as the SDK's quotes take it), or null. */
export function readVirtualPool(connection: Connection, address: PublicKey): Promise<VirtualPool | null> {
  return new DynamicBondingCurveClient(connection, 'confirmed').state.getPool(address);
}

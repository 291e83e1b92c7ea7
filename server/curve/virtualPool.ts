// A DBC pool's account as the chain holds it.

import { type VirtualPool } from '@meteora-ag/dynamic-bonding-curve-sdk';
import type { Connection, PublicKey } from '@solana/web3.js';
import { dbcClientOf } from './clients';

/** The virtual pool account at `address` (its fields under `poolState`, as the SDK's quotes take it), or null. */
export function readVirtualPool(connection: Connection, address: PublicKey): Promise<VirtualPool | null> {
  return dbcClientOf(connection).state.getPool(address);
}

// A DBC pool's account as the chain holds it.

import { type VirtualPool } from '@meteora-ag/dynamic-bonding-curve-sdk';
import type { Connection, PublicKey } from '@solana/web3.js';
import { dbcClientOf } from './clients';

/** The virtual pool account at `address` (its fields under `poolState`, as the SDK's quotes take it), or null. */
export function readVirtualPool(connection: Connection, address: PublicKey): Promise<VirtualPool | null> {
  return dbcClientOf(connection).state.getPool(address);
}

// getMultipleAccounts takes at most 100 addresses a call.
const BATCH = 100;

/** The pools at `addresses`, read 100 to a request (a pass over every pool reads them this way), null where there is none. */
export async function readVirtualPools(connection: Connection, addresses: PublicKey[]): Promise<(VirtualPool | null)[]> {
  const { program } = dbcClientOf(connection).state;
  const out: (VirtualPool | null)[] = [];
  for (let i = 0; i < addresses.length; i += BATCH) {
    const pools = await program.account.virtualPool.fetchMultiple(addresses.slice(i, i + BATCH), 'confirmed');
    out.push(...pools.map((pool) => (pool as VirtualPool | null) ?? null));
  }
  return out;
}

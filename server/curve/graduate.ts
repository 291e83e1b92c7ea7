// Graduation (issue 36): a DBC pool whose curve is complete migrates into a DAMM v2 pool, every
// bit of its liquidity permanently locked in a position owned by the pool's creator role (the
// campaign's distributor key, which can claim the position's fees and never withdraw it).
// Migration is permissionless on chain: anyone may send it, and the program runs it once.

import { deriveDammV2PoolAddress } from '@meteora-ag/dynamic-bonding-curve-sdk';
import { PublicKey, type Connection, type Keypair } from '@solana/web3.js';
import { DAMM_V2_CUSTOMIZABLE_CONFIG, NATIVE_MINT } from '../chain/ledger/genesis/meteora';
import { readVirtualPool } from './virtualPool';
import { dbcClientOf } from './clients';

export type Graduation =
  | { status: 'not_complete' }
  | { status: 'migrated' | 'already_migrated'; dammPool: string; signature?: string };

/** The DAMM v2 pool a campaign's DBC pool migrates into (the Customizable config's, per mint pair). */
export function dammPoolOf(baseMint: PublicKey): PublicKey {
  return deriveDammV2PoolAddress(new PublicKey(DAMM_V2_CUSTOMIZABLE_CONFIG), baseMint, new PublicKey(NATIVE_MINT));
}

/**
 * Migrates the pool when its curve is complete, paid by `payer`. Two callers at once (two
 * workers) send two migrations; the program refuses the second, and both report the pool.
 */
export async function graduatePool(
  connection: Connection, pool: PublicKey, payer: Keypair, send: (wire: Uint8Array) => Promise<string>,
): Promise<Graduation> {
  const client = dbcClientOf(connection);
  const read = async () => {
    const virtualPool = await readVirtualPool(connection, pool);
    if (!virtualPool) throw new Error(`No DBC pool at ${pool.toBase58()}`);
    return virtualPool.poolState;
  };
  const state = await read();
  const dammPool = dammPoolOf(state.baseMint).toBase58();
  if (state.isMigrated) return { status: 'already_migrated', dammPool };
  const config = await client.state.getPoolConfig(state.config);
  if (!config) throw new Error(`No DBC config at ${state.config.toBase58()}`);
  if (BigInt(state.quoteReserve.toString()) < BigInt(config.migrationQuoteThreshold.toString())) return { status: 'not_complete' };

  const { transaction, firstPositionNftKeypair, secondPositionNftKeypair } = await client.migration.migrateToDammV2({
    payer: payer.publicKey, pool, dammConfig: new PublicKey(DAMM_V2_CUSTOMIZABLE_CONFIG),
  });
  const { blockhash } = await connection.getLatestBlockhash('confirmed');
  transaction.recentBlockhash = blockhash;
  transaction.feePayer = payer.publicKey;
  transaction.sign(payer, firstPositionNftKeypair, secondPositionNftKeypair);
  try {
    return { status: 'migrated', dammPool, signature: await send(transaction.serialize()) };
  } catch (err) {
    if ((await read()).isMigrated) return { status: 'already_migrated', dammPool };
    throw err;
  }
}

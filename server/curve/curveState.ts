// A campaign's DBC pool as the chain holds it, as the CurveState the market figures read.

import { type PoolConfig, type VirtualPool } from '@meteora-ag/dynamic-bonding-curve-sdk';
import type { Connection, PublicKey } from '@solana/web3.js';
import { curveStateOfDbc, type DbcPoolFigures } from '../../core/curve/dbcState';
import type { CurveState } from '../../core/curve';
import { readVirtualPool } from './virtualPool';
import { dbcClientOf } from './clients';

const big = (value: { toString(): string }) => BigInt(value.toString());

export function dbcFiguresOf(pool: VirtualPool['poolState'], config: PoolConfig): DbcPoolFigures {
  return {
    sqrtPrice: big(pool.sqrtPrice), liquidity: big(config.curve[0]!.liquidity),
    quoteReserve: big(pool.quoteReserve), baseReserve: big(pool.baseReserve),
    migrationQuoteThreshold: big(config.migrationQuoteThreshold), migrationBaseThreshold: big(config.migrationBaseThreshold),
    isMigrated: pool.isMigrated !== 0,
  };
}

export async function readPoolConfig(connection: Connection, address: PublicKey): Promise<PoolConfig> {
  const config = await dbcClientOf(connection).state.getPoolConfig(address);
  if (!config) throw new Error(`No DBC config at ${address.toBase58()}`);
  return config;
}

export async function readCurveState(connection: Connection, pool: PublicKey): Promise<CurveState | null> {
  const virtualPool = await readVirtualPool(connection, pool);
  if (!virtualPool) return null;
  return curveStateOfDbc(dbcFiguresOf(virtualPool.poolState, await readPoolConfig(connection, virtualPool.poolState.config)));
}

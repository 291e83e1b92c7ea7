// A campaign's DBC pool as the chain holds it, as the CurveState the market figures read.

import { DynamicBondingCurveClient } from '@meteora-ag/dynamic-bonding-curve-sdk';
import type { Connection, PublicKey } from '@solana/web3.js';
import { curveStateOfDbc } from '../../core/curve/dbcState';
import type { CurveState } from '../../core/curve';
import { readVirtualPool } from './virtualPool';

const big = (value: { toString(): string }) => BigInt(value.toString());

export async function readCurveState(connection: Connection, pool: PublicKey): Promise<CurveState | null> {
  const virtualPool = await readVirtualPool(connection, pool);
  if (!virtualPool) return null;
  const state = virtualPool.poolState;
  const config = await new DynamicBondingCurveClient(connection, 'confirmed').state.getPoolConfig(state.config);
  if (!config) throw new Error(`No DBC config at ${state.config.toBase58()}`);
  return curveStateOfDbc({
    sqrtPrice: big(state.sqrtPrice), liquidity: big(config.curve[0]!.liquidity),
    quoteReserve: big(state.quoteReserve), baseReserve: big(state.baseReserve),
    migrationQuoteThreshold: big(config.migrationQuoteThreshold), migrationBaseThreshold: big(config.migrationBaseThreshold),
    isMigrated: state.isMigrated !== 0,
  });
}

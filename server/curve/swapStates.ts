// The pool's state after each swap the indexer records (issue 36): the price, reserves and
// completion every market figure reads, per trade, from the swap's own event where it carries
// them, and the pool's fixed figures (its config's liquidity and thresholds, a DAMM v2 pool's
// liquidity) from the chain.

import type { PoolConfig } from '@meteora-ag/dynamic-bonding-curve-sdk';
import { PublicKey, type Connection } from '@solana/web3.js';
import type { CurveState } from '../../core/curve';
import { curveStateOfDamm, curveStateOfDbc, type DbcPoolFigures } from '../../core/curve/dbcState';
import { NATIVE_MINT } from '../chain/ledger/genesis/meteora';
import { perServices, type Services } from '../services';
import { dbcFiguresOf, readPoolConfig } from './curveState';
import type { SwapRecord } from './swapEvents';
import { readVirtualPool } from './virtualPool';
import { cpAmmOf } from './clients';

const big = (value: { toString(): string }) => BigInt(value.toString());

/** A pool as the chain holds it now, with what turns one of its swaps' events into the state after it. */
export type PoolNow =
  | { program: 'dbc'; state: CurveState; figures: DbcPoolFigures }
  | { program: 'damm_v2'; state: CurveState; liquidity: bigint; thresholdLamports: bigint };

// A DBC config never changes once created (configs.ts): read once per process.
const configCache = perServices(() => new Map<string, Promise<PoolConfig>>());

function configOf(services: Services, address: PublicKey): Promise<PoolConfig> {
  const cache = configCache(services);
  const key = address.toBase58();
  let config = cache.get(key);
  if (!config) {
    config = readPoolConfig(services.chain.connection, address);
    cache.set(key, config);
    config.catch(() => cache.delete(key));
  }
  return config;
}

export async function readDbcPoolNow(services: Services, pool: string): Promise<PoolNow> {
  const virtualPool = await readVirtualPool(services.chain.connection, new PublicKey(pool));
  if (!virtualPool) throw new Error(`No DBC pool at ${pool}`);
  const figures = dbcFiguresOf(virtualPool.poolState, await configOf(services, virtualPool.poolState.config));
  return { program: 'dbc', state: curveStateOfDbc(figures), figures };
}

export async function readDammPoolNow(connection: Connection, pool: string, thresholdLamports: bigint): Promise<PoolNow> {
  const state = await cpAmmOf(connection).fetchPoolState(new PublicKey(pool));
  if (state.tokenBMint.toBase58() !== NATIVE_MINT) throw new Error(`DAMM v2 pool ${pool} is not quoted in SOL as token B`);
  const liquidity = big(state.liquidity);
  return {
    program: 'damm_v2', liquidity, thresholdLamports,
    state: curveStateOfDamm({
      sqrtPrice: big(state.sqrtPrice), liquidity, solReserve: big(state.tokenBAmount), tokenReserve: big(state.tokenAAmount), thresholdLamports,
    }),
  };
}

/**
 * The pool's state right after `swap`, from its event: the sqrt price and SOL reserve after it
 * (and on DAMM v2 the token reserve). DBC's event has no base reserve, so a DBC state's
 * realTokenReserves is the pool's as read now (`now`); no figure built on a trade reads it
 * (price, market cap and progress read the virtual pair and the SOL). Liquidity is the pool's
 * now: a DBC config's never changes, and a graduated pool's only when someone adds to it.
 */
export function stateAfterSwap(swap: SwapRecord, now: PoolNow): CurveState {
  if (now.program === 'dbc') {
    return curveStateOfDbc({ ...now.figures, sqrtPrice: swap.sqrtPriceAfter, quoteReserve: swap.quoteReserveAfter, isMigrated: false });
  }
  if (swap.tokenReserveAfter === null) throw new Error(`DAMM v2 swap in ${swap.signature} has no token reserve`);
  return curveStateOfDamm({
    sqrtPrice: swap.sqrtPriceAfter, liquidity: now.liquidity, solReserve: swap.quoteReserveAfter, tokenReserve: swap.tokenReserveAfter,
    thresholdLamports: now.thresholdLamports,
  });
}

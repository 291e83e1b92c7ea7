// What a trade on a campaign's DBC pool (or, once graduated, its DAMM v2 pool) would do now, for
// the trade widget's live preview (GET /api/curve/{mint}/quote): the same SDK quote the swap is
// built from (swapTransaction.ts, dammSwapTransaction.ts), so the preview the trader is shown is
// what the built trade will promise, the pool's fee included. Nothing is built or reserved.

import { getCurrentPoint as dammCurrentPoint, SwapMode as DammSwapMode } from '@meteora-ag/cp-amm-sdk';
import { getCurrentPoint, SwapMode } from '@meteora-ag/dynamic-bonding-curve-sdk';
import { PublicKey, type Connection } from '@solana/web3.js';
import BN from 'bn.js';
import { NATIVE_MINT } from '../chain/ledger/genesis/meteora';
import { dammPoolOf } from './graduate';
import { PoolNotTradableError, type SwapSide } from './swapTransaction';
import { readVirtualPool } from './virtualPool';
import { dbcClientOf, cpAmmOf } from './clients';

export type SwapPreview = {
  /** What the pool takes: a buy that completes the curve takes less than offered. */
  amountIn: bigint;
  /** Tokens the buyer receives, or lamports the seller receives, after the pool's fee. */
  expectedOut: bigint;
  completesCurve: boolean;
  /** The pool's whole fee on this trade in lamports (it is taken in SOL), and the part its fee claimers are paid (protocol and compounding shares left out). */
  feeLamports: bigint;
  claimableFeeLamports: bigint;
};

const big = (value: BN) => BigInt(value.toString());

export async function previewSwap(connection: Connection, pool: PublicKey, side: SwapSide, amountIn: bigint): Promise<SwapPreview> {
  const client = dbcClientOf(connection);
  const virtualPool = await readVirtualPool(connection, pool);
  if (!virtualPool) throw new PoolNotTradableError(`No DBC pool at ${pool.toBase58()}`);
  const state = virtualPool.poolState;
  if (state.isMigrated) return previewDamm(connection, dammPoolOf(state.baseMint), side, amountIn);
  const config = await client.state.getPoolConfig(state.config);
  if (!config) throw new PoolNotTradableError(`No DBC config at ${state.config.toBase58()}`);
  const threshold = big(config.migrationQuoteThreshold);
  if (big(state.quoteReserve) >= threshold) throw new PoolNotTradableError('This curve is complete and graduating');
  const quote = client.pool.swapQuote2({
    virtualPool, config, swapBaseForQuote: side === 'sell', hasReferral: false, eligibleForFirstSwapWithMinFee: false,
    currentPoint: await getCurrentPoint(connection, config.activationType), slippageBps: 0,
    swapMode: side === 'buy' ? SwapMode.PartialFill : SwapMode.ExactIn, amountIn: new BN(amountIn.toString()),
  });
  return {
    amountIn: big(quote.includedFeeInputAmount),
    expectedOut: big(quote.outputAmount),
    completesCurve: side === 'buy' && big(state.quoteReserve) + big(quote.excludedFeeInputAmount) >= threshold,
    feeLamports: big(quote.tradingFee) + big(quote.protocolFee) + big(quote.referralFee),
    claimableFeeLamports: big(quote.tradingFee),
  };
}

async function previewDamm(connection: Connection, dammPool: PublicKey, side: SwapSide, amountIn: bigint): Promise<SwapPreview> {
  const cpAmm = cpAmmOf(connection);
  const poolState = await cpAmm.fetchPoolState(dammPool);
  const now = await dammCurrentPoint(connection, poolState.activationType);
  const quote = cpAmm.getQuote2({
    inputTokenMint: side === 'buy' ? new PublicKey(NATIVE_MINT) : poolState.tokenAMint, slippage: 0,
    currentPoint: BN.max(now, poolState.activationPoint), poolState, tokenADecimal: 9, tokenBDecimal: 9, hasReferral: false,
    swapMode: DammSwapMode.ExactIn, amountIn: new BN(amountIn.toString()),
  });
  return {
    amountIn: big(quote.includedFeeInputAmount), expectedOut: big(quote.outputAmount), completesCurve: false,
    // The locked position is the pool's only liquidity: its claimable fee is the pool's LP share.
    feeLamports: big(quote.claimingFee) + big(quote.protocolFee) + big(quote.compoundingFee) + big(quote.referralFee),
    claimableFeeLamports: big(quote.claimingFee),
  };
}

// A trade on a campaign's DBC pool (issue 36): built from the SDK's quote against the pool as the
// chain holds it now, with a minimum out from the trader's slippage, for the trader's wallet to
// sign alone. Nothing of ours signs it, so anyone may build the same transaction elsewhere.
// A graduated pool's trades go to its DAMM v2 pool (dammSwapTransaction.ts).

import { getCurrentPoint, SwapMode } from '@meteora-ag/dynamic-bonding-curve-sdk';
import type { Connection, PublicKey } from '@solana/web3.js';
import BN from 'bn.js';
import { buildDammSwapTransaction } from './dammSwapTransaction';
import { dammPoolOf } from './graduate';
import { forTrader } from './tokenAccountRent';
import { readVirtualPool } from './virtualPool';
import { dbcClientOf } from './clients';

export type SwapSide = 'buy' | 'sell';

export type SwapTransactionInput = {
  pool: PublicKey;
  trader: PublicKey;
  side: SwapSide;
  /** Lamports for a buy, token base units for a sell. */
  amountIn: bigint;
  slippageBps: number;
};

export type SwapTransaction = {
  /** Unsigned: the trader is the fee payer and the only signer. */
  transaction: Uint8Array;
  /** The input the pool takes (a buy that completes the curve takes less than offered), and the output quoted. */
  amountIn: bigint;
  expectedOut: bigint;
  minimumOut: bigint;
  /** The pool's fee on this trade, in lamports, DBC's protocol share included, and that share. */
  fee: bigint;
  protocolFee: bigint;
  /** Rent the trader leaves in a token account this buy creates (0 when they hold one already): part of what a first buy costs. */
  accountRent: bigint;
  /** True when this buy completes the curve (the rest of the SOL offered stays with the trader). */
  completesCurve: boolean;
  lastValidBlockHeight: number;
};

export class PoolNotTradableError extends Error {}

const big = (value: BN) => BigInt(value.toString());

/**
 * Buys are partial-fill swaps: a buy larger than what the curve has left fills it exactly and
 * keeps the rest in the trader's wallet, instead of failing (DBC's exact-in refuses it).
 */
export async function buildSwapTransaction(connection: Connection, input: SwapTransactionInput): Promise<SwapTransaction> {
  const client = dbcClientOf(connection);
  const virtualPool = await readVirtualPool(connection, input.pool);
  if (!virtualPool) throw new PoolNotTradableError(`No DBC pool at ${input.pool.toBase58()}`);
  const state = virtualPool.poolState;
  // Graduated: the same trade on the DAMM v2 pool it migrated into.
  if (state.isMigrated) return buildDammSwapTransaction(connection, dammPoolOf(state.baseMint), input);
  const config = await client.state.getPoolConfig(state.config);
  if (!config) throw new PoolNotTradableError(`No DBC config at ${state.config.toBase58()}`);
  const threshold = big(config.migrationQuoteThreshold);
  if (big(state.quoteReserve) >= threshold) throw new PoolNotTradableError('This curve is complete and graduating');

  const swapBaseForQuote = input.side === 'sell';
  const swapMode = input.side === 'buy' ? SwapMode.PartialFill : SwapMode.ExactIn;
  const amountIn = new BN(input.amountIn.toString());
  const quote = client.pool.swapQuote2({
    virtualPool, config, swapBaseForQuote, hasReferral: false, eligibleForFirstSwapWithMinFee: false,
    currentPoint: await getCurrentPoint(connection, config.activationType), slippageBps: input.slippageBps, swapMode, amountIn,
  });
  const minimumOut = big(quote.minimumAmountOut ?? quote.outputAmount);
  const tx = await client.pool.swap2({
    owner: input.trader, pool: input.pool, swapBaseForQuote, referralTokenAccount: null, swapMode, amountIn, minimumAmountOut: new BN(minimumOut.toString()),
  });
  const ready = await forTrader(connection, tx, input.trader, input.side, state.baseMint);
  return {
    ...ready,
    amountIn: big(quote.includedFeeInputAmount),
    expectedOut: big(quote.outputAmount),
    minimumOut,
    fee: big(quote.tradingFee) + big(quote.protocolFee) + big(quote.referralFee),
    protocolFee: big(quote.protocolFee),
    completesCurve: input.side === 'buy' && big(state.quoteReserve) + big(quote.excludedFeeInputAmount) >= threshold,
  };
}


// A trade on a graduated campaign's DAMM v2 pool (issue 36), built like a curve trade: the SDK's
// quote against the pool's state now, a minimum out from the slippage, the trader the only signer.

import { getCurrentPoint, getTokenProgram, SwapMode } from '@meteora-ag/cp-amm-sdk';
import { PublicKey, type Connection } from '@solana/web3.js';
import BN from 'bn.js';
import { NATIVE_MINT } from '../chain/ledger/genesis/meteora';
import type { SwapTransaction, SwapTransactionInput } from './swapTransaction';
import { forTrader } from './tokenAccountRent';
import { cpAmmOf } from './clients';

const big = (value: BN) => BigInt(value.toString());
const DECIMALS = 9;

export async function buildDammSwapTransaction(connection: Connection, dammPool: PublicKey, input: Omit<SwapTransactionInput, 'pool'>): Promise<SwapTransaction> {
  const cpAmm = cpAmmOf(connection);
  const poolState = await cpAmm.fetchPoolState(dammPool);
  const sol = new PublicKey(NATIVE_MINT);
  // The campaign's token is token A, SOL token B (DBC migrates base into A).
  const [inputTokenMint, outputTokenMint] = input.side === 'buy' ? [sol, poolState.tokenAMint] : [poolState.tokenAMint, sol];
  const amountIn = new BN(input.amountIn.toString());
  // Just after a migration the newest block's time can trail the pool's activation stamp by a
  // slot; the swap itself runs at or after it, so the quote may count from it.
  const now = await getCurrentPoint(connection, poolState.activationType);
  const currentPoint = BN.max(now, poolState.activationPoint);
  const quote = cpAmm.getQuote2({
    inputTokenMint, slippage: input.slippageBps, currentPoint,
    poolState, tokenADecimal: DECIMALS, tokenBDecimal: DECIMALS, hasReferral: false, swapMode: SwapMode.ExactIn, amountIn,
  });
  const minimumOut = big(quote.minimumAmountOut ?? quote.outputAmount);
  const tx = await cpAmm.swap({
    payer: input.trader, pool: dammPool, inputTokenMint, outputTokenMint, amountIn, minimumAmountOut: new BN(minimumOut.toString()),
    tokenAMint: poolState.tokenAMint, tokenBMint: poolState.tokenBMint, tokenAVault: poolState.tokenAVault, tokenBVault: poolState.tokenBVault,
    tokenAProgram: getTokenProgram(poolState.tokenAFlag), tokenBProgram: getTokenProgram(poolState.tokenBFlag),
    referralTokenAccount: null, poolState,
  });
  const ready = await forTrader(connection, tx, input.trader, input.side, poolState.tokenAMint);
  return {
    ...ready,
    amountIn: big(quote.includedFeeInputAmount),
    expectedOut: big(quote.outputAmount),
    minimumOut,
    fee: big(quote.claimingFee) + big(quote.protocolFee) + big(quote.compoundingFee) + big(quote.referralFee),
    protocolFee: big(quote.protocolFee),
    completesCurve: false,
  };
}

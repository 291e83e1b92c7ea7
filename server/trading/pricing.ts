// Pricing a quote on the reserved state, and the small conversions around it.

import { PublicKey } from '@solana/web3.js';
import { DEFAULT_SLIPPAGE_BPS } from '../../core/constants';
import { quoteBuyAfterFee, quoteSellAfterFee, type CurveState } from '../../core/curve';
import { minimumWithSlippage } from '../../core/money';
import type { TransferFee } from '../../core/tokenFee';
import type { PoolDelta } from '../chain/curve';
import { badRequest, conflict } from '../http/errors';
import type { LiveQuote } from './bookStore';
import { TRADE_ERRORS } from './types';

export type Amounts = { amountIn: bigint; amountOut: bigint; transferFee: bigint; expectedOutput: bigint };

/**
 * A buy of up to `solIn` on the reserved buy state. While a live buy would complete the
 * curve (reserved complete, committed not), new buys wait: they would be priced on a
 * graduated pool that may never exist if that buy expires.
 */
export function priceBuy(
  committed: CurveState, reserved: CurveState, fee: TransferFee, solIn: bigint, minimumTokens?: bigint, slippageBps?: number,
): Amounts {
  if (reserved.complete && !committed.complete) throw conflict(TRADE_ERRORS.completing);
  const q = quoteBuyAfterFee(reserved, solIn, fee);
  if (q.tokensReceived <= 0n) throw badRequest(TRADE_ERRORS.tooSmall);
  checkSlippage(q.tokensReceived, minimumTokens, slippageBps);
  return { amountIn: q.solUsed, amountOut: q.tokensOut, transferFee: q.transferFee, expectedOutput: q.tokensReceived };
}

/** A sell of `tokens` from the trader's balance on the reserved sell state. */
export function priceSell(reserved: CurveState, fee: TransferFee, tokens: bigint, minimumSol?: bigint, slippageBps?: number): Amounts {
  let q;
  try {
    q = quoteSellAfterFee(reserved, tokens, fee);
  } catch (err) {
    if (err instanceof RangeError) throw badRequest(TRADE_ERRORS.oversell);
    throw err;
  }
  if (q.solOut <= 0n) throw badRequest(TRADE_ERRORS.tooSmall);
  checkSlippage(q.solOut, minimumSol, slippageBps);
  return { amountIn: q.tokensSent, amountOut: q.solOut, transferFee: q.transferFee, expectedOutput: q.solOut };
}

/** Live reservations in creation order: open and unexpired, or being executed. */
export function liveDeltas(live: LiveQuote[], now: Date): PoolDelta[] {
  return live.filter((q) => q.status === 'executing' || q.expiresAt > now.getTime()).map((q) => deltaOf(q));
}

export function deltaOf(q: { side: string; amountIn: bigint; amountOut: bigint; transferFee: bigint }): PoolDelta {
  return q.side === 'buy'
    ? { side: 'buy', solLamports: q.amountIn, poolTokens: q.amountOut }
    // The pool's account withholds the fee: the curve counts only what it receives.
    : { side: 'sell', solLamports: q.amountOut, poolTokens: q.amountIn - q.transferFee };
}

export function walletKey(wallet: string): PublicKey {
  try {
    const key = new PublicKey(wallet);
    if (key.toBase58() !== wallet || !PublicKey.isOnCurve(key.toBytes())) throw new Error('off curve');
    return key;
  } catch {
    throw badRequest(TRADE_ERRORS.wallet);
  }
}

export function checkSlippage(expected: bigint, preview: bigint | undefined, slippageBps: number | undefined): void {
  if (preview === undefined) return;
  if (expected < minimumWithSlippage(preview, slippageBps ?? DEFAULT_SLIPPAGE_BPS)) throw conflict(TRADE_ERRORS.slippage);
}

/** numerator / denominator as an exact decimal string with 20 places (rounded down). */
export function ratio(numerator: bigint, denominator: bigint): string {
  if (denominator === 0n) return '0';
  const scale = 10n ** 20n;
  const scaled = (numerator * scale) / denominator;
  return `${scaled / scale}.${(scaled % scale).toString().padStart(20, '0')}`;
}

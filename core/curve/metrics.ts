// Price, market cap and bonding progress of a curve state.

import { TOKEN_DECIMALS, TOKEN_TOTAL_SUPPLY } from '../constants';
import type { CurveState } from './state';

/** An exact non-negative rational. */
export type Ratio = { num: bigint; den: bigint };

/**
 * Spot price in lamports per whole token, exact: virtualSol × 10^decimals / virtualToken.
 * (SOL and the token both have 9 decimals, so it is also SOL per token × 10^9.)
 */
export function priceLamportsPerToken(state: CurveState): Ratio {
  return { num: state.virtualSolReserves * 10n ** BigInt(TOKEN_DECIMALS), den: state.virtualTokenReserves };
}

/** Spot price in SOL per whole token as a float: for display and charts only. */
export function priceSolPerToken(state: CurveState): number {
  return ratioToNumber(priceLamportsPerToken(state)) / 1e9;
}

/** Spot price in USD per whole token as a float, given the SOL/USD rate: display only. */
export function priceUsdPerToken(state: CurveState, solUsd: number): number {
  return priceSolPerToken(state) * solUsd;
}

/** Spot price × supply, in lamports, rounded down. */
export function marketCapLamports(state: CurveState, totalSupply: bigint = TOKEN_TOTAL_SUPPLY): bigint {
  return (state.virtualSolReserves * totalSupply) / state.virtualTokenReserves;
}

/**
 * Real SOL raised as a percentage of the threshold, floored to 2 decimals: 0..99.99
 * while bonding, exactly 100 once complete (the spec's 'bonded' filter needs exactly 100).
 */
export function bondingProgressPercent(state: CurveState): number {
  if (state.complete) return 100;
  const hundredths = (state.realSolReserves * 10_000n) / state.thresholdLamports;
  return Number(hundredths > 9_999n ? 9_999n : hundredths) / 100;
}

/** num / den as a float, accurate to float precision even when both exceed 2^53. */
export function ratioToNumber({ num, den }: Ratio): number {
  if (den === 0n) throw new RangeError('Ratio with a zero denominator');
  const scale = 10n ** 18n;
  const whole = num / den;
  const fraction = ((num % den) * scale) / den;
  return Number(whole) + Number(fraction) / 1e18;
}

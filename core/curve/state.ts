// A bonding curve's state and how it starts.

import { GRADUATION_THRESHOLD_SOL, LAMPORTS_PER_SOL } from '../constants';
import type { BondingCurveType } from '../enums';
import {
  CURVE_TOKENS_FOR_SALE, FINAL_VIRTUAL_TOKEN_RESERVES, INITIAL_VIRTUAL_TOKEN_RESERVES, LIQUIDITY_RESERVE_TOKENS,
} from './constants';

/**
 * Before graduation (`complete` false) trades price on the virtual reserves, and always
 *   virtualSolReserves   = initialVirtualSolReserves(threshold) + realSolReserves
 *   virtualTokenReserves = FINAL_VIRTUAL_TOKEN_RESERVES + realTokenReserves.
 * After graduation the pool is a plain constant-product pool on its real reserves and
 * the virtual fields equal the real ones, so every price formula reads the virtual pair.
 */
export type CurveState = {
  virtualSolReserves: bigint;
  virtualTokenReserves: bigint;
  /** Lamports the pool holds for the curve (raised SOL). */
  realSolReserves: bigint;
  /** Before graduation: tokens left for sale. After: the graduated pool's tradable tokens. */
  realTokenReserves: bigint;
  /**
   * Tokens the pool wallet holds that are not traded: the liquidity reserve before
   * graduation; after it, the part of that reserve that would have priced the pool
   * below the curve's last price (kept, never sold). On chain the pool's token balance
   * is realTokenReserves + lockedTokenReserves (see poolTokenBalance).
   */
  lockedTokenReserves: bigint;
  complete: boolean;
  thresholdLamports: bigint;
};

export function graduationThresholdLamports(curveType: BondingCurveType): bigint {
  const sol = GRADUATION_THRESHOLD_SOL[curveType];
  if (sol === undefined) throw new RangeError(`Unknown bonding curve type: ${curveType}`);
  return BigInt(sol) * LAMPORTS_PER_SOL;
}

/**
 * V0 = threshold × 279,900,000 / 793,100,000, rounded down. It is not an integer, so the
 * curve alone would sell out up to 2 lamports short of the threshold; the completing buy
 * pays up to the threshold (see costToComplete), so real SOL at sell-out is the threshold.
 */
export function initialVirtualSolReserves(thresholdLamports: bigint): bigint {
  return (thresholdLamports * FINAL_VIRTUAL_TOKEN_RESERVES) / CURVE_TOKENS_FOR_SALE;
}

/** A fresh curve for a campaign's curve type (1: 20 SOL, 2: 60 SOL). */
export function initialCurveState(curveType: BondingCurveType): CurveState {
  return initialCurveStateForThreshold(graduationThresholdLamports(curveType));
}

/** A fresh curve graduating at any threshold (e.g. the spec's 85 SOL default display). */
export function initialCurveStateForThreshold(thresholdLamports: bigint): CurveState {
  if (thresholdLamports <= 0n) throw new RangeError(`Threshold must be positive: ${thresholdLamports}`);
  return {
    virtualSolReserves: initialVirtualSolReserves(thresholdLamports),
    virtualTokenReserves: INITIAL_VIRTUAL_TOKEN_RESERVES,
    realSolReserves: 0n,
    realTokenReserves: CURVE_TOKENS_FOR_SALE,
    lockedTokenReserves: LIQUIDITY_RESERVE_TOKENS,
    complete: false,
    thresholdLamports,
  };
}

/** The token balance the pool's token account must show on chain for this state. */
export function poolTokenBalance(state: CurveState): bigint {
  return state.realTokenReserves + state.lockedTokenReserves;
}

/** Tokens sold by the curve and not sold back (held by traders or withheld as fees). */
export function tokensOutsidePool(state: CurveState, totalSupply: bigint): bigint {
  return totalSupply - poolTokenBalance(state);
}

export type CurveStateJson = { [K in keyof CurveState]: CurveState[K] extends bigint ? string : boolean };

/** Decimal strings for storage and the wire (JSON has no bigint). */
export function curveStateToJson(state: CurveState): CurveStateJson {
  return {
    virtualSolReserves: state.virtualSolReserves.toString(),
    virtualTokenReserves: state.virtualTokenReserves.toString(),
    realSolReserves: state.realSolReserves.toString(),
    realTokenReserves: state.realTokenReserves.toString(),
    lockedTokenReserves: state.lockedTokenReserves.toString(),
    complete: state.complete,
    thresholdLamports: state.thresholdLamports.toString(),
  };
}

export function curveStateFromJson(json: CurveStateJson): CurveState {
  const int = (value: string, name: string): bigint => {
    if (!/^\d+$/.test(value)) throw new Error(`Curve state ${name} is not a non-negative integer: "${value}"`);
    return BigInt(value);
  };
  return {
    virtualSolReserves: int(json.virtualSolReserves, 'virtualSolReserves'),
    virtualTokenReserves: int(json.virtualTokenReserves, 'virtualTokenReserves'),
    realSolReserves: int(json.realSolReserves, 'realSolReserves'),
    realTokenReserves: int(json.realTokenReserves, 'realTokenReserves'),
    lockedTokenReserves: int(json.lockedTokenReserves, 'lockedTokenReserves'),
    complete: json.complete === true,
    thresholdLamports: int(json.thresholdLamports, 'thresholdLamports'),
  };
}

// Buy and sell quotes on a curve state. Constant product on (virtualSol, virtualToken);
// every rounding favours the pool (tokens out floored, SOL in ceiled, SOL out floored),
// so virtualSol × virtualToken never decreases within a phase.

import { divCeil, maxBigint } from '../money';
import { CURVE_TOKENS_FOR_SALE } from './constants';
import type { CurveState } from './state';

export type BuyQuote = {
  /** Tokens the pool sends (before the transfer fee the trader's account withholds). */
  tokensOut: bigint;
  /** Lamports the trader pays: never more than offered. */
  solUsed: bigint;
  newState: CurveState;
  /** This buy graduates the curve. */
  completes: boolean;
};

export type SellQuote = {
  /** Tokens the pool receives. */
  tokensIn: bigint;
  /** Lamports the pool pays. */
  solOut: bigint;
  newState: CurveState;
};

/**
 * Spends at most `solIn`: buys the most tokens it pays for and charges the least SOL
 * that buys them. On a curve, an offer that covers costToComplete takes every token
 * left (charged costToComplete, not the offer) and graduates the curve.
 */
export function quoteBuy(state: CurveState, solIn: bigint): BuyQuote {
  assertAmount(solIn, 'solIn');
  const { virtualSolReserves: vs, virtualTokenReserves: vt } = state;
  let tokens = (vt * solIn) / (vs + solIn);
  if (!state.complete) {
    if (solIn >= costToComplete(state)) return buyExact(state, state.realTokenReserves);
    // Within the top-up gap the curve's price covers every token but the offer does not reach the threshold.
    if (tokens >= state.realTokenReserves) tokens = state.realTokenReserves - 1n;
  }
  return buyExact(state, tokens);
}

/**
 * The SOL that buys exactly `tokens`. On a curve, asking for more than remain buys what
 * remains; a graduated pool cannot sell its whole reserve (RangeError).
 */
export function quoteBuyExactTokens(state: CurveState, tokens: bigint): BuyQuote {
  assertAmount(tokens, 'tokens');
  if (!state.complete) return buyExact(state, tokens < state.realTokenReserves ? tokens : state.realTokenReserves);
  if (tokens >= state.realTokenReserves) {
    throw new RangeError(`A graduated pool holds ${state.realTokenReserves} tokens; cannot buy ${tokens}`);
  }
  return buyExact(state, tokens);
}

/**
 * Lamports the pool pays for `tokensIn` (what the pool receives, after any transfer
 * fee). On a curve, never more than its real SOL, and no more tokens than it has sold
 * may come back (RangeError).
 */
export function quoteSell(state: CurveState, tokensIn: bigint): SellQuote {
  assertAmount(tokensIn, 'tokensIn');
  const { virtualSolReserves: vs, virtualTokenReserves: vt } = state;
  if (!state.complete && tokensIn > soldTokens(state)) {
    throw new RangeError(`The curve has sold ${soldTokens(state)} tokens; cannot buy back ${tokensIn}`);
  }
  let solOut = (vs * tokensIn) / (vt + tokensIn);
  if (solOut > state.realSolReserves) solOut = state.realSolReserves;
  if (tokensIn === 0n) return { tokensIn, solOut: 0n, newState: state };
  const newState = withReserves(state, vs - solOut, vt + tokensIn, state.realSolReserves - solOut, state.realTokenReserves + tokensIn);
  return { tokensIn, solOut, newState };
}

/**
 * Lamports that buy every token left on the curve: the curve's price for them, and at
 * least what is missing to reach the threshold (V0 is rounded down, so the curve alone
 * can fall up to 2 lamports short). 0 for a graduated pool.
 */
export function costToComplete(state: CurveState): bigint {
  if (state.complete) return 0n;
  return maxBigint(curveCost(state, state.realTokenReserves), state.thresholdLamports - state.realSolReserves);
}

function buyExact(state: CurveState, tokens: bigint): BuyQuote {
  if (tokens <= 0n) return { tokensOut: 0n, solUsed: 0n, newState: state, completes: false };
  const takesAll = !state.complete && tokens === state.realTokenReserves;
  const solUsed = takesAll ? costToComplete(state) : curveCost(state, tokens);
  const realSol = state.realSolReserves + solUsed;
  const next = withReserves(
    state,
    state.virtualSolReserves + solUsed,
    state.virtualTokenReserves - tokens,
    realSol,
    state.realTokenReserves - tokens,
  );
  // The curve completes when its tokens sell out or its SOL reaches the threshold, whichever comes first.
  const completes = !state.complete && (takesAll || realSol >= state.thresholdLamports);
  return { tokensOut: tokens, solUsed, newState: completes ? graduate(next) : next, completes };
}

/** ceil(vs × tokens / (vt − tokens)): the least SOL keeping vs × vt from falling. */
function curveCost(state: CurveState, tokens: bigint): bigint {
  const { virtualSolReserves: vs, virtualTokenReserves: vt } = state;
  return divCeil(vs * tokens, vt - tokens);
}

/**
 * Turns a just-completed curve into a constant-product pool on its real reserves: the
 * raised SOL against the tokens left (unsold ones plus the liquidity reserve), capped so
 * the pool's price is not below the curve's last price (a buy never lowers the price).
 * Exported for the trade book, which applies a quote's fixed amounts at execution.
 */
export function graduate(state: CurveState): CurveState {
  const available = state.realTokenReserves + state.lockedTokenReserves;
  const sol = state.realSolReserves;
  const atLastPrice = (sol * state.virtualTokenReserves) / state.virtualSolReserves;
  const tradable = atLastPrice < available ? atLastPrice : available;
  return {
    virtualSolReserves: sol,
    virtualTokenReserves: tradable,
    realSolReserves: sol,
    realTokenReserves: tradable,
    lockedTokenReserves: available - tradable,
    complete: true,
    thresholdLamports: state.thresholdLamports,
  };
}

function withReserves(state: CurveState, vs: bigint, vt: bigint, realSol: bigint, realTokens: bigint): CurveState {
  if (state.complete) {
    // A graduated pool trades on its real reserves, mirrored in the virtual fields.
    return { ...state, virtualSolReserves: vs, virtualTokenReserves: vt, realSolReserves: vs, realTokenReserves: vt };
  }
  return { ...state, virtualSolReserves: vs, virtualTokenReserves: vt, realSolReserves: realSol, realTokenReserves: realTokens };
}

/** Tokens the curve has sold and not bought back. */
function soldTokens(state: CurveState): bigint {
  return CURVE_TOKENS_FOR_SALE - state.realTokenReserves;
}

function assertAmount(value: bigint, name: string): void {
  if (value < 0n) throw new RangeError(`${name} must not be negative: ${value}`);
}

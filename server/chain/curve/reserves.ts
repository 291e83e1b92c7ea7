// A trade's fixed amounts applied to a curve state. Quotes are priced once, when built;
// afterwards only their amounts count, so committing or reserving a quote is addition,
// and additions commute: the committed state after a set of trades does not depend on
// the order they executed in (graduation aside, which happens at the moment it is reached).

import { graduate, type CurveState } from '../../../core/curve';

export type TradeSide = 'buy' | 'sell';

/** What one trade moves in and out of the pool wallet. */
export type PoolDelta = {
  side: TradeSide;
  /** Lamports into the pool (buy) or out of it (sell). */
  solLamports: bigint;
  /** Tokens out of the pool (buy: what it sends) or into it (sell: what it receives after the transfer fee). */
  poolTokens: bigint;
};

/**
 * The state after a trade with these amounts. A buy that brings real SOL to the threshold
 * or takes the curve's last token completes the curve in the same step (as quoteBuy does).
 * Throws RangeError when the pool would owe more than it holds: a bug in the reservations.
 */
export function applyTrade(state: CurveState, delta: PoolDelta): CurveState {
  const sol = delta.side === 'buy' ? delta.solLamports : -delta.solLamports;
  const tokens = delta.side === 'buy' ? -delta.poolTokens : delta.poolTokens;
  const realSol = state.realSolReserves + sol;
  const realTokens = state.realTokenReserves + tokens;
  if (realSol < 0n || realTokens < 0n) {
    throw new RangeError(`Trade overdraws the pool: ${delta.side} ${delta.solLamports} lamports, ${delta.poolTokens} tokens`);
  }
  const next: CurveState = state.complete
    // A graduated pool trades on its real reserves, mirrored in the virtual fields.
    ? { ...state, virtualSolReserves: realSol, virtualTokenReserves: realTokens, realSolReserves: realSol, realTokenReserves: realTokens }
    : {
      ...state,
      virtualSolReserves: state.virtualSolReserves + sol,
      virtualTokenReserves: state.virtualTokenReserves + tokens,
      realSolReserves: realSol,
      realTokenReserves: realTokens,
    };
  const completes = !state.complete && delta.side === 'buy' && (realSol >= state.thresholdLamports || realTokens === 0n);
  return completes ? graduate(next) : next;
}

/**
 * The state a new quote of `side` is priced on: the committed state with the live
 * reservations of the same side applied in creation order. Reservations of the other
 * side are left out on purpose: a sell may still expire, so a buy must not get the lower
 * price it made, nor a sell the higher price of a buy that may never land. Pricing this
 * way also bounds every promise by what the pool holds whatever happens to the others:
 * a buy's tokens come out of committed tokens minus other open buys, a sell's SOL out of
 * committed SOL minus other open sells.
 */
export function reservedState(committed: CurveState, live: readonly PoolDelta[], side: TradeSide): CurveState {
  let state = committed;
  for (const delta of live) if (delta.side === side) state = applyTrade(state, delta);
  return state;
}

// fast-check generators of reachable curve states, shared by the curve's property tests.

import fc from 'fast-check';
import { LAMPORTS_PER_SOL, TOKEN_TOTAL_SUPPLY } from '../constants';
import { initialCurveStateForThreshold, tokensOutsidePool, type CurveState } from './state';
import { quoteBuy, quoteSell } from './trade';

export type CurveOp = { kind: 'buy'; lamports: bigint } | { kind: 'sell'; permille: number };

export const thresholdArb = fc.oneof(
  fc.constantFrom(20n * LAMPORTS_PER_SOL, 60n * LAMPORTS_PER_SOL, 85n * LAMPORTS_PER_SOL),
  fc.bigInt({ min: LAMPORTS_PER_SOL, max: 1_000n * LAMPORTS_PER_SOL }),
);

/** Buy sizes from dust to more than a whole curve. */
export const lamportsArb = fc.oneof(
  fc.bigInt({ min: 0n, max: 1_000_000n }),
  fc.bigInt({ min: 0n, max: LAMPORTS_PER_SOL }),
  fc.bigInt({ min: 0n, max: 40n * LAMPORTS_PER_SOL }),
);

export const buyOpArb: fc.Arbitrary<CurveOp> = lamportsArb.map((lamports) => ({ kind: 'buy', lamports }));
export const sellOpArb: fc.Arbitrary<CurveOp> = fc.integer({ min: 0, max: 1000 }).map((permille) => ({ kind: 'sell', permille }));
export const opArb = fc.oneof(buyOpArb, sellOpArb);

/** Sells a share of the tokens outside the pool, so every sell is one that could happen. */
export function sellAmount(state: CurveState, permille: number): bigint {
  return (tokensOutsidePool(state, TOKEN_TOTAL_SUPPLY) * BigInt(permille)) / 1000n;
}

export function applyOp(state: CurveState, op: CurveOp): CurveState {
  return op.kind === 'buy' ? quoteBuy(state, op.lamports).newState : quoteSell(state, sellAmount(state, op.permille)).newState;
}

/** Every state a history passes through, starting with the fresh curve. */
export function replay(threshold: bigint, ops: CurveOp[]): CurveState[] {
  const states = [initialCurveStateForThreshold(threshold)];
  for (const op of ops) states.push(applyOp(states[states.length - 1], op));
  return states;
}

/**
 * SOL left in a bonding pool by the rounding of many sells (each leaves under 4
 * lamports): the virtual and real SOL grow together, as a sell's floored payout does.
 */
export function withDust(state: CurveState, lamports: bigint): CurveState {
  if (state.complete || state.realSolReserves + lamports >= state.thresholdLamports) return state;
  return {
    ...state,
    virtualSolReserves: state.virtualSolReserves + lamports,
    realSolReserves: state.realSolReserves + lamports,
  };
}

/** A state reached by a random history: bonding (sometimes with sell dust), near the end, or graduated. */
export const stateArb: fc.Arbitrary<CurveState> = fc
  .tuple(thresholdArb, fc.array(opArb, { maxLength: 30 }), fc.boolean(), fc.oneof(fc.constant(0n), fc.bigInt({ min: 0n, max: 100_000n })))
  .map(([threshold, ops, graduate, dust]) => {
    let state = withDust(replay(threshold, ops).at(-1)!, dust);
    if (graduate && !state.complete) state = quoteBuy(state, 10_000n * LAMPORTS_PER_SOL).newState;
    return state;
  });

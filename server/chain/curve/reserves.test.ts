import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { LAMPORTS_PER_SOL } from '../../../core/constants';
import { CAMPAIGN_TRANSFER_FEE } from '../../../core/tokenFee';
import {
  CURVE_TOKENS_FOR_SALE, initialCurveState, quoteBuy, quoteBuyAfterFee, quoteSell, quoteSellAfterFee,
  type CurveState,
} from '../../../core/curve';
import { lamportsArb, opArb, sellAmount } from '../../../core/curve/testArbitraries';
import { applyTrade, reservedState, type PoolDelta } from './reserves';

const buyDelta = (state: CurveState, lamports: bigint): [PoolDelta, CurveState] => {
  const q = quoteBuy(state, lamports);
  return [{ side: 'buy', solLamports: q.solUsed, poolTokens: q.tokensOut }, q.newState];
};

describe('applyTrade: a quote\'s fixed amounts applied to a state', () => {
  it('reproduces the curve\'s own quotes step by step, graduation included', () => {
    fc.assert(fc.property(fc.constantFrom(1 as const, 2 as const), fc.array(opArb, { maxLength: 30 }), (type, ops) => {
      let state = initialCurveState(type);
      for (const op of ops) {
        if (op.kind === 'buy') {
          const [delta, next] = buyDelta(state, op.lamports);
          expect(applyTrade(state, delta)).toEqual(next);
          state = next;
        } else {
          const q = quoteSell(state, sellAmount(state, op.permille));
          expect(applyTrade(state, { side: 'sell', solLamports: q.solOut, poolTokens: q.tokensIn })).toEqual(q.newState);
          state = q.newState;
        }
      }
    }), { numRuns: 200 });
  });

  it('commutes: buys reserved in one order and committed in another end in the same state', () => {
    fc.assert(fc.property(fc.array(lamportsArb.filter((l) => l < 3n * BigInt(LAMPORTS_PER_SOL)), { minLength: 2, maxLength: 6 }), (amounts) => {
      const start = initialCurveState(2);
      const deltas: PoolDelta[] = [];
      let priced = start;
      for (const lamports of amounts) {
        const [delta, next] = buyDelta(priced, lamports);
        deltas.push(delta);
        priced = next;
      }
      expect(reservedState(start, deltas, 'buy')).toEqual(priced);
      const reversed = [...deltas].reverse().reduce(applyTrade, start);
      expect(reversed).toEqual(priced);
      // Sells are not part of a buy's reservations.
      expect(reservedState(start, deltas, 'sell')).toEqual(start);
    }), { numRuns: 200 });
  });

  it('refuses to overdraw the pool', () => {
    const state = initialCurveState(1);
    expect(() => applyTrade(state, { side: 'sell', solLamports: 1n, poolTokens: 0n })).toThrow(RangeError);
    expect(() => applyTrade(state, { side: 'buy', solLamports: 0n, poolTokens: state.realTokenReserves + 1n })).toThrow(RangeError);
  });

  it('reservations hold whatever order live quotes execute or expire in (model of the quote book)', () => {
    type Live = { delta: PoolDelta; tokensToTrader: bigint; tokensFromTrader: bigint };
    const op = fc.oneof(
      fc.record({ kind: fc.constant('buy' as const), lamports: lamportsArb }),
      fc.record({ kind: fc.constant('sell' as const), permille: fc.integer({ min: 1, max: 1000 }) }),
      fc.record({ kind: fc.constant('execute' as const), pick: fc.nat() }),
      fc.record({ kind: fc.constant('expire' as const), pick: fc.nat() }),
    );
    fc.assert(fc.property(fc.constantFrom(1 as const, 2 as const), fc.array(op, { maxLength: 60 }), (type, ops) => {
      let committed = initialCurveState(type);
      const k0 = committed.virtualSolReserves * committed.virtualTokenReserves;
      const live: Live[] = [];
      let held = 0n; // tokens in traders' wallets
      for (const o of ops) {
        if (o.kind === 'buy') {
          const reserved = reservedState(committed, live.map((l) => l.delta), 'buy');
          if (reserved.complete && !committed.complete) continue; // the book answers 409
          const q = quoteBuyAfterFee(reserved, o.lamports, CAMPAIGN_TRANSFER_FEE);
          if (q.tokensReceived <= 0n) continue;
          live.push({ delta: { side: 'buy', solLamports: q.solUsed, poolTokens: q.tokensOut }, tokensToTrader: q.tokensReceived, tokensFromTrader: 0n });
        } else if (o.kind === 'sell') {
          const promised = live.reduce((sum, l) => sum + l.tokensFromTrader, 0n);
          const tokens = ((held - promised) * BigInt(o.permille)) / 1000n;
          if (tokens <= 0n) continue;
          let q;
          try { q = quoteSellAfterFee(reservedState(committed, live.map((l) => l.delta), 'sell'), tokens, CAMPAIGN_TRANSFER_FEE); } catch { continue; }
          if (q.solOut <= 0n) continue;
          live.push({ delta: { side: 'sell', solLamports: q.solOut, poolTokens: q.tokensIn }, tokensToTrader: 0n, tokensFromTrader: tokens });
        } else if (live.length > 0) {
          const [chosen] = live.splice(o.pick % live.length, 1);
          if (o.kind === 'expire') continue;
          // Executing at the fixed amounts never overdraws the pool (applyTrade would throw).
          committed = applyTrade(committed, chosen!.delta);
          held += chosen!.tokensToTrader - chosen!.tokensFromTrader;
          if (!committed.complete) {
            expect(committed.realTokenReserves).toBeLessThanOrEqual(CURVE_TOKENS_FOR_SALE);
            // Pool-favoured whatever the order: the product never falls below the start.
            expect(committed.virtualSolReserves * committed.virtualTokenReserves).toBeGreaterThanOrEqual(k0);
          }
        }
      }
    }), { numRuns: 300 });
  });
});

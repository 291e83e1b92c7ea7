import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CAMPAIGN_TAX_BPS, LAMPORTS_PER_SOL } from '../constants';
import { U64_MAX } from '../money';
import { CAMPAIGN_TRANSFER_FEE, calculateTransferFee } from '../tokenFee';
import {
  expectedSolForSell, expectedTokensForBuy, quoteBuyAfterFee, quoteBuyToHold, quoteSellAfterFee,
} from './fees';
import { initialCurveState } from './state';
import { lamportsArb, sellAmount, stateArb } from './testArbitraries';
import { quoteBuy, quoteSell } from './trade';

const SOL = LAMPORTS_PER_SOL;
const feeArb = fc.record({
  transferFeeBasisPoints: fc.integer({ min: 0, max: 9_999 }),
  maximumFee: fc.oneof(fc.constant(U64_MAX), fc.bigInt({ min: 0n, max: 10n ** 15n })),
});

describe('trades after the 6% transfer fee', () => {
  it('a 1 SOL buy on a fresh curve holds the tokens out less 6% rounded up', () => {
    const s = initialCurveState(1);
    const out = quoteBuy(s, SOL).tokensOut;
    const held = expectedTokensForBuy(s, SOL);
    expect(held).toBe(out - (out * 600n + 9_999n) / 10_000n);
    expect(CAMPAIGN_TAX_BPS).toBe(600);
  });

  it('the trader holds tokensOut − fee; the pool prices a sell on tokens sent − fee', () => {
    fc.assert(fc.property(stateArb, lamportsArb, fc.integer({ min: 0, max: 1000 }), feeArb, (s, sol, permille, fee) => {
      const buy = quoteBuyAfterFee(s, sol, fee);
      expect(buy.tokensReceived).toBe(buy.tokensOut - calculateTransferFee(buy.tokensOut, fee));
      expect(buy.tokensReceived).toBe(expectedTokensForBuy(s, sol, fee.transferFeeBasisPoints, fee.maximumFee));
      expect(buy.tokensReceived <= buy.tokensOut).toBe(true);

      const sent = sellAmount(s, permille);
      const sell = quoteSellAfterFee(s, sent, fee);
      expect(sell.tokensIn).toBe(sent - sell.transferFee);
      expect(sell.solOut).toBe(quoteSell(s, sent - calculateTransferFee(sent, fee)).solOut);
      expect(sell.solOut).toBe(expectedSolForSell(s, sent, fee.transferFeeBasisPoints, fee.maximumFee));
      expect(sell.solOut <= quoteSell(s, sent).solOut).toBe(true);
    }));
  });

  it('buying and selling back what one holds never profits', () => {
    fc.assert(fc.property(stateArb, lamportsArb, (s, sol) => {
      const buy = quoteBuyAfterFee(s, sol, CAMPAIGN_TRANSFER_FEE);
      const back = quoteSellAfterFee(buy.newState, buy.tokensReceived, CAMPAIGN_TRANSFER_FEE);
      expect(back.solOut <= buy.solUsed).toBe(true);
    }));
  });

  it('quoteBuyToHold grosses the purchase up so the trader holds exactly the amount asked', () => {
    fc.assert(fc.property(stateArb, fc.bigInt({ min: 0n, max: 10n ** 17n }), (s, want) => {
      // On a graduated pool the request must stay below its reserve.
      if (s.complete && want * 2n >= s.realTokenReserves) return;
      const q = quoteBuyToHold(s, want, CAMPAIGN_TRANSFER_FEE);
      if (q.completes || (!s.complete && q.tokensOut === s.realTokenReserves)) {
        expect(q.tokensReceived <= want).toBe(true);
      } else {
        expect(q.tokensReceived).toBe(want);
      }
    }));
  });
});

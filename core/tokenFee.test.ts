import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { calculateFee } from '@solana/spl-token';
import {
  CAMPAIGN_TRANSFER_FEE, amountAfterFee, calculateInverseFee, calculatePreFeeAmount, calculateTransferFee,
  type TransferFee,
} from './tokenFee';
import { U64_MAX } from './money';

const u64 = fc.bigInt({ min: 0n, max: U64_MAX });
const feeArb = fc.record({
  transferFeeBasisPoints: fc.integer({ min: 0, max: 9_999 }),
  maximumFee: fc.oneof(u64, fc.bigInt({ min: 0n, max: 1_000_000n })),
});

describe('calculateTransferFee', () => {
  it('charges 6% rounded up on campaign tokens, as measured on the ledger (1,000 -> 60)', () => {
    expect(calculateTransferFee(1_000n, CAMPAIGN_TRANSFER_FEE)).toBe(60n);
    expect(amountAfterFee(1_000n, CAMPAIGN_TRANSFER_FEE)).toBe(940n);
    expect(calculateTransferFee(1n, CAMPAIGN_TRANSFER_FEE)).toBe(1n);
    expect(calculateTransferFee(0n, CAMPAIGN_TRANSFER_FEE)).toBe(0n);
    expect(calculateTransferFee(10n ** 18n, CAMPAIGN_TRANSFER_FEE)).toBe(6n * 10n ** 16n);
  });

  it('matches the program test vectors (1 bps, cap 5,000)', () => {
    const fee: TransferFee = { transferFeeBasisPoints: 1, maximumFee: 5_000n };
    expect(calculateTransferFee(U64_MAX, fee)).toBe(5_000n);
    expect(calculateTransferFee(5_000n * 10_000n - 1n, fee)).toBe(5_000n);
    expect(calculateTransferFee(1n, fee)).toBe(1n);
    expect(calculateTransferFee(10_000n, fee)).toBe(1n);
    expect(calculateTransferFee(10_001n, fee)).toBe(2n);
    expect(calculateInverseFee(1n, fee)).toBe(1n);
    expect(calculateInverseFee(9_999n, fee)).toBe(1n);
    expect(calculateInverseFee(10_000n, fee)).toBe(2n);
    expect(calculateInverseFee(0n, fee)).toBe(0n);
    expect(calculateInverseFee(U64_MAX - 5_000n, fee)).toBe(5_000n);
    expect(calculateInverseFee(5_000n * 10_000n - 5_000n + 1n, fee)).toBe(5_000n);
  });

  it('agrees with @solana/spl-token calculateFee everywhere', () => {
    fc.assert(fc.property(feeArb, u64, (fee, amount) => {
      expect(calculateTransferFee(amount, fee)).toBe(calculateFee({ ...fee, epoch: 0n }, amount));
    }));
  });

  it('never exceeds the cap or the amount; the recipient gets amount - fee', () => {
    fc.assert(fc.property(feeArb, u64, (fee, amount) => {
      const charged = calculateTransferFee(amount, fee);
      expect(charged <= fee.maximumFee).toBe(true);
      expect(charged <= amount).toBe(true);
      expect(amountAfterFee(amount, fee)).toBe(amount - charged);
    }));
  });

  it('rejects values the program cannot hold', () => {
    expect(() => calculateTransferFee(-1n, CAMPAIGN_TRANSFER_FEE)).toThrow(RangeError);
    expect(() => calculateTransferFee(U64_MAX + 1n, CAMPAIGN_TRANSFER_FEE)).toThrow(RangeError);
    expect(() => calculateTransferFee(1n, { transferFeeBasisPoints: 10_001, maximumFee: 0n })).toThrow(RangeError);
  });
});

describe('calculatePreFeeAmount (gross-up)', () => {
  it('sends exactly enough for the recipient to receive N, and no less amount would do', () => {
    fc.assert(fc.property(feeArb, fc.bigInt({ min: 0n, max: 2n ** 60n }), (fee, net) => {
      // Where no u64 gross amount exists the program returns None (covered below).
      fc.pre(net + fee.maximumFee <= U64_MAX || net * 10_000n <= U64_MAX * BigInt(10_000 - fee.transferFeeBasisPoints));
      const gross = calculatePreFeeAmount(net, fee);
      expect(amountAfterFee(gross, fee)).toBe(net);
      if (gross > 0n) expect(amountAfterFee(gross - 1n, fee) < net).toBe(true);
      expect(calculateInverseFee(net, fee)).toBe(gross - net);
    }));
  });

  it('grosses up a campaign transfer: 940 received needs 1,000 sent', () => {
    expect(calculatePreFeeAmount(940n, CAMPAIGN_TRANSFER_FEE)).toBe(1_000n);
    expect(calculateInverseFee(940n, CAMPAIGN_TRANSFER_FEE)).toBe(60n);
  });

  it('is consistent with the forward fee: the inverse of any transfer never charges more', () => {
    fc.assert(fc.property(feeArb, u64, (fee, amountIn) => {
      const charged = calculateTransferFee(amountIn, fee);
      const net = amountIn - charged;
      // Gross amounts are not unique (10 and 11 at 10% both deliver 9); the inverse picks the smallest.
      expect(calculatePreFeeAmount(net, fee) <= amountIn).toBe(true);
      expect(calculateInverseFee(net, fee) <= charged).toBe(true);
    }));
  });

  it('handles the edges the program does', () => {
    expect(calculatePreFeeAmount(123n, { transferFeeBasisPoints: 0, maximumFee: 10n })).toBe(123n);
    expect(calculatePreFeeAmount(123n, { transferFeeBasisPoints: 10_000, maximumFee: 10n })).toBe(0n);
    expect(calculatePreFeeAmount(1_000_000n, { transferFeeBasisPoints: 600, maximumFee: 10n })).toBe(1_000_010n);
    expect(() => calculatePreFeeAmount(U64_MAX, CAMPAIGN_TRANSFER_FEE)).toThrow(RangeError);
  });
});

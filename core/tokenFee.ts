// The Token-2022 transfer fee, computed exactly as the program does
// (spl token-2022 `TransferFee::calculate_fee`, `calculate_pre_fee_amount`,
// `calculate_inverse_fee`; @solana/spl-token `calculateFee`). The fee is withheld in
// the recipient's account, so a transfer of `amount` delivers `amount - fee`.

import { CAMPAIGN_TAX_BPS } from './constants';
import { BPS_DENOMINATOR, U64_MAX, divCeil } from './money';

export const MAX_FEE_BASIS_POINTS = 10_000;

/** The fee parameters of one epoch of a mint's TransferFeeConfig. */
export type TransferFee = {
  transferFeeBasisPoints: number;
  maximumFee: bigint;
};

/** A campaign token's fee: 6%, no cap below u64 (the mint is created with maximumFee = u64::MAX). */
export const CAMPAIGN_TRANSFER_FEE: TransferFee = { transferFeeBasisPoints: CAMPAIGN_TAX_BPS, maximumFee: U64_MAX };

/** fee = min(ceil(amount × bps / 10,000), maximumFee); 0 for a zero amount or zero rate. */
export function calculateTransferFee(amount: bigint, fee: TransferFee): bigint {
  assertU64(amount, 'amount');
  const bps = feeBps(fee);
  if (bps === 0n || amount === 0n) return 0n;
  const raw = divCeil(amount * bps, BPS_DENOMINATOR);
  return raw < fee.maximumFee ? raw : fee.maximumFee;
}

/** What the recipient's balance grows by when `amount` is transferred. */
export function amountAfterFee(amount: bigint, fee: TransferFee): bigint {
  return amount - calculateTransferFee(amount, fee);
}

/**
 * The smallest transfer amount that delivers exactly `postFeeAmount` (the program's
 * `calculate_pre_fee_amount`). Throws RangeError where the program returns None
 * (the amount would not fit in a u64). A 100% fee yields 0, as the program does.
 */
export function calculatePreFeeAmount(postFeeAmount: bigint, fee: TransferFee): bigint {
  assertU64(postFeeAmount, 'postFeeAmount');
  const bps = feeBps(fee);
  if (bps === 0n) return postFeeAmount;
  if (bps === BPS_DENOMINATOR || postFeeAmount === 0n) return 0n;
  const raw = divCeil(postFeeAmount * BPS_DENOMINATOR, BPS_DENOMINATOR - bps);
  // Once the cap binds, the fee is flat: the gross amount is just net + cap.
  const gross = raw - postFeeAmount >= fee.maximumFee ? postFeeAmount + fee.maximumFee : raw;
  if (gross > U64_MAX) throw new RangeError(`Pre-fee amount overflows u64 for ${postFeeAmount}`);
  return gross;
}

/** The fee charged on the transfer that delivers `postFeeAmount` (the program's `calculate_inverse_fee`). */
export function calculateInverseFee(postFeeAmount: bigint, fee: TransferFee): bigint {
  return calculateTransferFee(calculatePreFeeAmount(postFeeAmount, fee), fee);
}

function feeBps(fee: TransferFee): bigint {
  const bps = fee.transferFeeBasisPoints;
  if (!Number.isInteger(bps) || bps < 0 || bps > MAX_FEE_BASIS_POINTS) {
    throw new RangeError(`transferFeeBasisPoints must be an integer 0..10000: ${bps}`);
  }
  assertU64(fee.maximumFee, 'maximumFee');
  return BigInt(bps);
}

function assertU64(value: bigint, name: string): void {
  if (value < 0n || value > U64_MAX) throw new RangeError(`${name} must be a u64: ${value}`);
}

import { ExtensionType, getAccountLen } from '@solana/spl-token';
import { CREATION_COST, FUNDING_CHECK_PERCENT } from '../../core/constants';
import { parseSol } from '../../core/money';
import { rentExemptLamports } from '../chain/token';

/** What every launch costs before its initial buy: 0.05 SOL (token creation 0.03, maintenance 0.01, platform 0.01). */
export const LAUNCH_BASE_LAMPORTS = parseSol(CREATION_COST.total);

/** One signature's network fee (every launch transaction is signed by the funding wallet alone). */
export const SIGNATURE_FEE_LAMPORTS = 5_000n;

/** The creator's Token-2022 account for a fee-bearing mint, created (and paid for) by the initial buy. */
export const CREATOR_TOKEN_ACCOUNT_RENT = rentExemptLamports(getAccountLen([ExtensionType.TransferFeeAmount, ExtensionType.ImmutableOwner]));

/** The buy transaction's costs besides the SOL it spends: the creator's token account and two signatures. */
export const BUY_RESERVE_LAMPORTS = CREATOR_TOKEN_ACCOUNT_RENT + 2n * SIGNATURE_FEE_LAMPORTS;

export function amountToFund(initialBuyLamports: bigint): bigint {
  return LAUNCH_BASE_LAMPORTS + initialBuyLamports;
}

/** The spec's funding check: the funding wallet holds at least 95% of the amount asked for. */
export function isFunded(balance: bigint, required: bigint): boolean {
  return balance * 100n >= required * BigInt(FUNDING_CHECK_PERCENT);
}

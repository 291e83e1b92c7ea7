import { CREATION_COST, FUNDING_CHECK_PERCENT } from '../../core/constants';
import { parseSol } from '../../core/money';
import { tradeLamports } from '../../core/tradeCosts';

/** What every launch costs before its initial buy: 0.05 SOL (token creation 0.03, maintenance 0.01, platform 0.01). */
export const LAUNCH_BASE_LAMPORTS = parseSol(CREATION_COST.total);

/** One signature's network fee (every launch transaction is signed by the funding wallet alone). */
export const SIGNATURE_FEE_LAMPORTS = 5_000n;

/** The buy transaction's costs besides the SOL it spends: the creator's new token account and two signatures. */
export const BUY_RESERVE_LAMPORTS = tradeLamports('buy', 0n, true);

export function amountToFund(initialBuyLamports: bigint): bigint {
  return LAUNCH_BASE_LAMPORTS + initialBuyLamports;
}

/** The spec's funding check: the funding wallet holds at least 95% of the amount asked for. */
export function isFunded(balance: bigint, required: bigint): boolean {
  return balance * 100n >= required * BigInt(FUNDING_CHECK_PERCENT);
}

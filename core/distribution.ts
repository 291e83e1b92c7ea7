// How a distributor run splits the SOL its sell received: the platform fee (20% of
// rewards, rounded down) to the treasury, everything else to the donation wallet.

import { PLATFORM_FEE_PERCENT_OF_REWARDS } from './constants';

export type PayoutSplit = { donation: bigint; platformFee: bigint };

export function splitPayout(soldLamports: bigint): PayoutSplit {
  if (soldLamports < 0n) throw new RangeError('soldLamports must not be negative');
  const platformFee = (soldLamports * BigInt(PLATFORM_FEE_PERCENT_OF_REWARDS)) / 100n;
  return { donation: soldLamports - platformFee, platformFee };
}

import { groupThousands } from '../format';
import { HISTORY_CHECK_LIMIT } from './netting';

/** Why part of a transfer into a donation wallet did not count, in the order a row lists them. */
export const NOT_COUNTED_REASONS = ['same_transaction', 'round_trip', 'hop', 'unchecked'] as const;
export type NotCountedReason = (typeof NOT_COUNTED_REASONS)[number];

/** The words the Donations tab and the receipt page print after 'Not counted: '. */
export const NOT_COUNTED_TEXT: Record<NotCountedReason, string> = {
  same_transaction: 'the donation wallet sent SOL back out in the same transaction, so it kept less than came in',
  round_trip: 'this SOL came from the donation wallet itself (it had sent it to this wallet in the 30 days before)',
  hop: 'this SOL came from the donation wallet, through a wallet it had funded in the 30 days before',
  unchecked: `the sending wallet made more than ${groupThousands(String(HISTORY_CHECK_LIMIT))} transactions in the 30 days before, too many to check where this SOL came from`,
};

export type DonationParts = { lamports: bigint; sameTxLamports: bigint; roundTripLamports: bigint; hopLamports: bigint; uncheckedLamports: bigint };

/** What the sender's transfers carried: what counted plus every part that did not. */
export function sentLamports(row: DonationParts): bigint {
  return row.lamports + row.sameTxLamports + row.roundTripLamports + row.hopLamports + row.uncheckedLamports;
}

/** The parts that did not count, in the fixed order, zeros left out. */
export function notCountedParts(row: DonationParts): { reason: NotCountedReason; lamports: bigint }[] {
  const parts: [NotCountedReason, bigint][] = [
    ['same_transaction', row.sameTxLamports], ['round_trip', row.roundTripLamports], ['hop', row.hopLamports], ['unchecked', row.uncheckedLamports],
  ];
  return parts.filter(([, lamports]) => lamports > 0n).map(([reason, lamports]) => ({ reason, lamports }));
}

import { lamportsToSolString } from '../../core/money';
import { NOT_COUNTED_TEXT, notCountedParts, sentLamports, type DonationParts } from '../../core/donations/notCounted';
import type { DonationRow } from '../donations/listDonations';
import { toCsv, type CsvColumn } from './csv';

/** Each part of a donation that did not count: why, how much, and the words to show. */
export function presentNotCounted(row: DonationParts) {
  return notCountedParts(row).map(({ reason, lamports }) => ({
    reason, lamports: lamports.toString(), sol: lamportsToSolString(lamports), text: NOT_COUNTED_TEXT[reason],
  }));
}

/** The donor's own receipt, on this site: one per transaction and sender. */
export const receiptPath = (signature: string, donor: string) => `/receipt/${signature}/${donor}`;

/**
 * One donation as /donations lists it: amounts as exact decimal strings; `lamports` what
 * counted, `sentLamports` what the sender's transfers carried, `notCounted` why the rest
 * did not. Only a counted direct donation has a receipt.
 */
export function presentDonation(row: DonationRow) {
  const sent = sentLamports(row);
  return {
    signature: row.signature,
    kind: row.kind,
    from: row.fromWallet,
    lamports: row.lamports.toString(),
    sol: lamportsToSolString(row.lamports),
    sentLamports: sent.toString(),
    sentSol: lamportsToSolString(sent),
    notCounted: presentNotCounted(row),
    receiptPath: row.kind === 'direct' && row.lamports > 0n ? receiptPath(row.signature, row.fromWallet) : null,
    timestamp: row.blockTime.toISOString(),
  };
}

const CSV_COLUMNS: CsvColumn[] = [
  { header: 'signature' }, { header: 'kind' }, { header: 'from' }, { header: 'to' }, { header: 'lamports', amount: 'lamports' },
  { header: 'sol', amount: 'sol' }, { header: 'timestamp' }, { header: 'explorer_url' },
];

/** Every counted row for receipts and accounting (what counted of it), each with its explorer link. */
export function presentDonationsCsv(rows: DonationRow[], explorerUrl: (signature: string) => string): string {
  return toCsv(CSV_COLUMNS, rows.filter((row) => row.lamports > 0n).map((row) => [
    row.signature, row.kind, row.fromWallet, row.toWallet, row.lamports, row.lamports, row.blockTime.toISOString(), explorerUrl(row.signature),
  ]));
}

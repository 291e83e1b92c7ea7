import { lamportsToSolString } from '../../core/money';
import type { DonationRow } from '../donations/listDonations';
import { toCsv, type CsvColumn } from './csv';

/** One donation as /donations lists it: amounts as exact decimal strings. */
export function presentDonation(row: DonationRow) {
  return {
    signature: row.signature,
    kind: row.kind,
    from: row.fromWallet,
    lamports: row.lamports.toString(),
    sol: lamportsToSolString(row.lamports),
    timestamp: row.blockTime.toISOString(),
  };
}

const CSV_COLUMNS: CsvColumn[] = [
  { header: 'signature' }, { header: 'kind' }, { header: 'from' }, { header: 'to' }, { header: 'lamports', amount: 'lamports' },
  { header: 'sol', amount: 'sol' }, { header: 'timestamp' }, { header: 'explorer_url' },
];

/** Every row for receipts and accounting, each with its explorer link. */
export function presentDonationsCsv(rows: DonationRow[], explorerUrl: (signature: string) => string): string {
  return toCsv(CSV_COLUMNS, rows.map((row) => [
    row.signature, row.kind, row.fromWallet, row.toWallet, row.lamports, row.lamports, row.blockTime.toISOString(), explorerUrl(row.signature),
  ]));
}

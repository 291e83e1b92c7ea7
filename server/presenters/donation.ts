import { lamportsToSolString } from '../../core/money';
import type { DonationRow } from '../donations/listDonations';

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

const CSV_HEADER = ['signature', 'kind', 'from', 'to', 'lamports', 'sol', 'timestamp', 'explorer_url'];

function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** Every row for receipts and accounting, each with its explorer link. */
export function presentDonationsCsv(rows: DonationRow[], explorerUrl: (signature: string) => string): string {
  const lines = [CSV_HEADER.join(',')];
  for (const row of rows) {
    lines.push([
      row.signature, row.kind, row.fromWallet, row.toWallet, row.lamports.toString(), lamportsToSolString(row.lamports),
      row.blockTime.toISOString(), explorerUrl(row.signature),
    ].map(csvField).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}

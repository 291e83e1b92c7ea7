import { explorerTxUrl } from '../../core/explorer';
import { lamportsToSolString } from '../../core/money';
import { DIRECT_TRANSFER_NOTE, NO_GOODS_STATEMENT, recipientDescription, usdCentsAt } from '../../core/receipt';
import type { DonorDonation, ReceiptLine } from '../receipts/receipts';
import { toCsv, type CsvColumn } from './csv';

type Links = { explorerUrl: (signature: string) => string; receiptUrl: (signature: string) => string };

/** Where a donation's transaction and its receipt are seen, on the cluster this site runs on. */
export function receiptLinks(env: { cluster: Parameters<typeof explorerTxUrl>[1]['cluster']; publicUrl: string }) {
  return {
    explorerUrl: (signature: string) => explorerTxUrl(signature, { cluster: env.cluster, origin: env.publicUrl }),
    receiptUrl: (signature: string) => `${env.publicUrl}/receipt/${signature}`,
  };
}


const centsText = (cents: bigint | null) => (cents === null ? null : `${cents / 100n}.${(cents % 100n).toString().padStart(2, '0')}`);

function presentLine({ donation, campaign, recipient }: ReceiptLine) {
  return {
    campaign: { token_address: campaign.tokenAddress, ticker: campaign.ticker, title: campaign.title ?? campaign.name },
    from: donation.fromWallet,
    to: donation.toWallet,
    recipient: { kind: recipient.kind, charity_name: recipient.charityName, description: recipientDescription(recipient.kind, recipient.charityName) },
    lamports: donation.lamports.toString(),
    sol: lamportsToSolString(donation.lamports),
    sol_usd: donation.solUsd,
    usd_estimate: centsText(usdCentsAt(donation.lamports, donation.solUsd)),
  };
}

/** GET /api/receipts/{signature}: one transaction's direct donations (lines), as a printable receipt reads them. */
export function presentReceipt(signature: string, lines: ReceiptLine[], links: Links) {
  const first = lines[0]!;
  const total = lines.reduce((sum, l) => sum + l.donation.lamports, 0n);
  const cents = lines.map((l) => usdCentsAt(l.donation.lamports, l.donation.solUsd));
  return {
    signature,
    donor: first.donation.fromWallet,
    time: first.donation.blockTime.toISOString(),
    slot: first.donation.slot.toString(),
    explorer_url: links.explorerUrl(signature),
    receipt_url: links.receiptUrl(signature),
    lines: lines.map(presentLine),
    total_lamports: total.toString(),
    total_sol: lamportsToSolString(total),
    // Only when every line has its rate: a partial sum would understate the gift.
    total_usd_estimate: cents.every((c) => c !== null) ? centsText(cents.reduce((a, b) => a! + b!, 0n)) : null,
    statement: NO_GOODS_STATEMENT,
    note: DIRECT_TRANSFER_NOTE,
  };
}

const DONOR_CSV_COLUMNS: CsvColumn[] = [
  { header: 'date_utc' }, { header: 'campaign' }, { header: 'ticker' }, { header: 'token_address' }, { header: 'to_wallet' },
  { header: 'recipient' }, { header: 'sol', amount: 'sol' }, { header: 'lamports', amount: 'lamports' }, { header: 'usd_estimate' },
  { header: 'sol_usd_rate' }, { header: 'signature' }, { header: 'receipt_url' }, { header: 'explorer_url' },
];

/** GET /api/account/donations.csv: one row per direct donation, each with its receipt link. */
export function presentDonorCsv(rows: DonorDonation[], links: Links): string {
  return toCsv(DONOR_CSV_COLUMNS, rows.map(({ donation, campaign, recipient }) => [
    donation.blockTime.toISOString(), campaign.title ?? campaign.name, campaign.ticker, campaign.tokenAddress,
    donation.toWallet, recipientDescription(recipient.kind, recipient.charityName), donation.lamports, donation.lamports,
    centsText(usdCentsAt(donation.lamports, donation.solUsd)), donation.solUsd, donation.signature,
    links.receiptUrl(donation.signature), links.explorerUrl(donation.signature),
  ]));
}

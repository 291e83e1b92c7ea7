import { explorerTxUrl } from '../../core/explorer';
import { lamportsToSolString } from '../../core/money';
import { sentLamports } from '../../core/donations/notCounted';
import { DIRECT_TRANSFER_NOTE, NO_GOODS_STATEMENT, recipientDescription, usdCentsAt } from '../../core/receipt';
import type { DonorDonation, ReceiptLine } from '../receipts/receipts';
import { toCsv, type CsvColumn } from './csv';
import { presentNotCounted, receiptPath } from './donation';

type Links = { explorerUrl: (signature: string) => string; receiptUrl: (signature: string, donor: string) => string };

/** Where a donation's transaction and each donor's receipt are seen, on the cluster this site runs on. */
export function receiptLinks(env: { cluster: Parameters<typeof explorerTxUrl>[1]['cluster']; publicUrl: string }) {
  return {
    explorerUrl: (signature: string) => explorerTxUrl(signature, { cluster: env.cluster, origin: env.publicUrl }),
    receiptUrl: (signature: string, donor: string) => `${env.publicUrl}${receiptPath(signature, donor)}`,
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
    // What the transfers carried, and why any of it did not count (the receipt is for what counted).
    sent_lamports: sentLamports(donation).toString(),
    sent_sol: lamportsToSolString(sentLamports(donation)),
    not_counted: presentNotCounted(donation),
    sol_usd: donation.solUsd,
    usd_estimate: centsText(usdCentsAt(donation.lamports, donation.solUsd)),
  };
}

/**
 * GET /api/receipts/{signature}/{donor}: one donor's direct donations in one transaction
 * (lines, one per campaign), as a printable receipt reads them: only what counted. A
 * transfer of which nothing counted has no receipt: the answer says what was sent and why.
 */
export function presentDonorReceipt(signature: string, lines: ReceiptLine[], links: Links) {
  const counted = lines.filter((l) => l.donation.lamports > 0n);
  const first = lines[0]!;
  const head = {
    signature,
    donor: first.donation.fromWallet,
    time: first.donation.blockTime.toISOString(),
    slot: first.donation.slot.toString(),
    explorer_url: links.explorerUrl(signature),
    receipt_url: links.receiptUrl(signature, first.donation.fromWallet),
  };
  if (counted.length === 0) {
    const sent = lines.reduce((sum, l) => sum + sentLamports(l.donation), 0n);
    return { kind: 'not_counted' as const, ...head, lines: lines.map(presentLine), sent_lamports: sent.toString(), sent_sol: lamportsToSolString(sent) };
  }
  const total = counted.reduce((sum, l) => sum + l.donation.lamports, 0n);
  const cents = counted.map((l) => usdCentsAt(l.donation.lamports, l.donation.solUsd));
  return {
    kind: 'receipt' as const,
    ...head,
    lines: counted.map(presentLine),
    total_lamports: total.toString(),
    total_sol: lamportsToSolString(total),
    // Only when every line has its rate: a partial sum would understate the gift.
    total_usd_estimate: cents.every((c) => c !== null) ? centsText(cents.reduce((a, b) => a! + b!, 0n)) : null,
    statement: NO_GOODS_STATEMENT,
    note: DIRECT_TRANSFER_NOTE,
  };
}

/**
 * GET /api/receipts/{signature} when the transaction holds direct donations from several
 * wallets: each sender's own receipt to pick, none of them merged into another's.
 */
export function presentSenders(signature: string, lines: ReceiptLine[], links: Links) {
  const bySender = new Map<string, { lamports: bigint; sent: bigint }>();
  for (const { donation } of lines) {
    const entry = bySender.get(donation.fromWallet) ?? { lamports: 0n, sent: 0n };
    entry.lamports += donation.lamports;
    entry.sent += sentLamports(donation);
    bySender.set(donation.fromWallet, entry);
  }
  return {
    kind: 'senders' as const,
    signature,
    time: lines[0]!.donation.blockTime.toISOString(),
    explorer_url: links.explorerUrl(signature),
    senders: [...bySender].map(([donor, { lamports, sent }]) => ({
      donor, counted: lamports > 0n, lamports: lamports.toString(), sol: lamportsToSolString(lamports), sent_sol: lamportsToSolString(sent),
      receipt_path: receiptPath(signature, donor), receipt_url: links.receiptUrl(signature, donor),
    })),
  };
}

/** The stored SOL/USD rate (numeric, 8 places) as people write a price: '150.00', '123.456'; empty when none was kept. */
export function rateText(rate: string | null): string {
  if (rate === null) return '';
  const [whole, fraction = ''] = rate.split('.');
  return `${whole}.${fraction.replace(/0+$/, '').padEnd(2, '0')}`;
}

const DONOR_CSV_COLUMNS: CsvColumn[] = [
  { header: 'date_utc' }, { header: 'campaign' }, { header: 'ticker' }, { header: 'token_address' }, { header: 'to_wallet' },
  { header: 'recipient' }, { header: 'sol', amount: 'sol' }, { header: 'lamports', amount: 'lamports' }, { header: 'usd_estimate' },
  { header: 'sol_usd_rate' }, { header: 'signature' }, { header: 'receipt_url' }, { header: 'explorer_url' },
];

/** GET /api/account/donations.csv: one row per counted direct donation (what counted), each with its receipt link. */
export function presentDonorCsv(rows: DonorDonation[], links: Links): string {
  return toCsv(DONOR_CSV_COLUMNS, rows.map(({ donation, campaign, recipient }) => [
    donation.blockTime.toISOString(), campaign.title ?? campaign.name, campaign.ticker, campaign.tokenAddress,
    donation.toWallet, recipientDescription(recipient.kind, recipient.charityName), donation.lamports, donation.lamports,
    centsText(usdCentsAt(donation.lamports, donation.solUsd)), rateText(donation.solUsd), donation.signature,
    links.receiptUrl(donation.signature, donation.fromWallet), links.explorerUrl(donation.signature),
  ]));
}

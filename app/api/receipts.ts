import { useQuery } from '@tanstack/react-query';
import type { NotCountedReason } from '../../core/donations/notCounted';
import type { DonationWalletKind } from '../../core/trust/facts';
import { ApiError, api } from './client';

/** A part of a transfer that did not count, and why (the words to show after 'Not counted: '). */
export type NotCountedPart = { reason: NotCountedReason; lamports: string; sol: string; text: string };

export type ReceiptLine = {
  campaign: { token_address: string; ticker: string; title: string };
  from: string;
  to: string;
  recipient: { kind: DonationWalletKind; charity_name: string | null; description: string };
  lamports: string;
  sol: string;
  sent_lamports: string;
  sent_sol: string;
  not_counted: NotCountedPart[];
  sol_usd: string | null;
  usd_estimate: string | null;
};
export type Receipt = {
  kind: 'receipt';
  signature: string;
  donor: string;
  time: string;
  slot: string;
  explorer_url: string;
  receipt_url: string;
  lines: ReceiptLine[];
  total_lamports: string;
  total_sol: string;
  total_usd_estimate: string | null;
  statement: string;
  note: string;
};
/** A transfer of which nothing counted: no receipt, only what was sent and why it did not count. */
export type NotCountedTransfer = {
  kind: 'not_counted';
  signature: string;
  donor: string;
  time: string;
  explorer_url: string;
  lines: ReceiptLine[];
  sent_sol: string;
};
/** A transaction holding direct donations from several wallets: each sender's own receipt, to pick. */
export type ReceiptSenders = {
  kind: 'senders';
  signature: string;
  time: string;
  explorer_url: string;
  senders: { donor: string; counted: boolean; sol: string; sent_sol: string; receipt_path: string }[];
};
export type ReceiptAnswer = Receipt | NotCountedTransfer | ReceiptSenders;

/** How long a just-sent donation's page keeps asking before it says no donation was recorded. */
export const RECEIPT_WAIT_MS = 60_000;
const POLL_MS = 2_000;

/**
 * GET /api/receipts/{signature}[/{donor}]: the donor's own receipt (or, with no donor, the
 * transaction's one donor's, or its senders to pick from). A 404 right after sending means
 * "not indexed yet": until `pollUntil` (ms) it is asked again every 2 s (the donation toast
 * links here at once).
 */
export function useReceipt(signature: string | undefined, donor: string | undefined, pollUntil: number) {
  return useQuery({
    queryKey: ['receipts', signature, donor ?? null],
    queryFn: () => api.get<ReceiptAnswer>(`/api/receipts/${encodeURIComponent(signature!)}${donor ? `/${encodeURIComponent(donor)}` : ''}`),
    enabled: Boolean(signature),
    retry: false,
    staleTime: Infinity,
    refetchInterval: (query) => (isNotYet(query.state.error) && Date.now() < pollUntil ? POLL_MS : false),
  });
}

export const isNotYet = (error: unknown) => error instanceof ApiError && error.status === 404;

/** A donor's CSV of direct donations: a year, or every year. */
export function donorCsvUrl(year: number | 'all'): string {
  return `/api/account/donations.csv?year=${year}`;
}

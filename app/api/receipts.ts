import { useQuery } from '@tanstack/react-query';
import type { DonationWalletKind } from '../../core/trust/facts';
import { ApiError, api } from './client';

export type ReceiptLine = {
  campaign: { token_address: string; ticker: string; title: string };
  from: string;
  to: string;
  recipient: { kind: DonationWalletKind; charity_name: string | null; description: string };
  lamports: string;
  sol: string;
  sol_usd: string | null;
  usd_estimate: string | null;
};
export type Receipt = {
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

/** How long a just-sent donation's page keeps asking before it says no donation was recorded. */
export const RECEIPT_WAIT_MS = 60_000;
const POLL_MS = 2_000;

/**
 * GET /api/receipts/{signature}. A 404 right after sending means "not indexed yet": until
 * `pollUntil` (ms) it is asked again every 2 s (the donation toast links here at once).
 */
export function useReceipt(signature: string | undefined, pollUntil: number) {
  return useQuery({
    queryKey: ['receipts', signature],
    queryFn: () => api.get<Receipt>(`/api/receipts/${encodeURIComponent(signature!)}`),
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

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from './client';
import type { NotCountedPart } from './receipts';

/**
 * One row of a campaign's Donations tab: `lamports` what counted, `sentLamports` what the
 * sender's transfers carried, `notCounted` why the rest did not; a receipt only when something counted.
 */
export type Donation = {
  signature: string; kind: 'reward' | 'direct'; from: string; lamports: string; sol: string; timestamp: string;
  sentLamports: string; sentSol: string; notCounted: NotCountedPart[]; receiptPath: string | null;
};
export type DonationPage = { donations: Donation[]; total: number; totalRaisedSol: string; totalRaisedLamports: string };
export type DonateLink = { url: string; reference: string; recipient: string };

/** Live `donation` events invalidate everything under this key. */
export const donationsRootKey = ['donations'] as const;

export function useDonations(tokenAddress: string | undefined, page: { limit: number; offset: number }) {
  return useQuery({
    queryKey: [...donationsRootKey, tokenAddress, page.limit, page.offset],
    queryFn: () => api.get<DonationPage>(`/api/campaigns/${encodeURIComponent(tokenAddress!)}/donations?limit=${page.limit}&offset=${page.offset}`),
    enabled: Boolean(tokenAddress),
    placeholderData: keepPreviousData,
  });
}

/** The campaign's Solana Pay transfer request (the donation QR code); `amount` in SOL as typed. */
export function useDonateLink(tokenAddress: string | undefined, amount?: string) {
  return useQuery({
    queryKey: [...donationsRootKey, tokenAddress, 'link', amount ?? ''],
    queryFn: () => api.get<DonateLink>(`/api/campaigns/${encodeURIComponent(tokenAddress!)}/donate-link${amount ? `?amount=${encodeURIComponent(amount)}` : ''}`),
    enabled: Boolean(tokenAddress),
    staleTime: Infinity,
  });
}

export function donationsCsvUrl(tokenAddress: string): string {
  return `/api/campaigns/${encodeURIComponent(tokenAddress)}/donations.csv`;
}

import { useQuery } from '@tanstack/react-query';
import { isSolanaAddress } from '../../core/schemas/creation';
import { api } from './client';

/** GET /api/donation-wallets/{address}: may it be a donation wallet, and did the signed-in creator prove it. */
export type DonationWalletCheck = { address: string; allowed: boolean; reason: string | null; proven: boolean };

/** A donation wallet's one-time confirmation request (the message it signs, and the link to pass on). */
export type DonationWalletChallenge = {
  nonce: string;
  message: string;
  donationWallet: string;
  creatorWallet: string;
  expiresAt: string;
  status: 'pending' | 'used' | 'expired';
  link: string;
  /** GET by nonce: the creator's launched campaigns paid into this wallet, newest first (none before the launch). */
  campaigns?: { token_address: string; name: string; ticker: string }[];
};

export const donationWalletKey = (address: string) => ['donation-wallet', address] as const;

export function checkDonationWallet(address: string): Promise<DonationWalletCheck> {
  return api.get<DonationWalletCheck>(`/api/donation-wallets/${encodeURIComponent(address)}`);
}

/** The check of a well-formed address (none for an empty or malformed one: the form says that itself). */
export function useDonationWalletCheck(address: string, signedInAs: string | null) {
  return useQuery({
    queryKey: [...donationWalletKey(address), signedInAs],
    queryFn: () => checkDonationWallet(address),
    enabled: isSolanaAddress(address),
    staleTime: 30_000,
  });
}

export function requestDonationWalletChallenge(wallet: string): Promise<DonationWalletChallenge> {
  return api.post<DonationWalletChallenge>('/api/donation-wallets/challenge', { wallet });
}

export function fetchDonationWalletChallenge(nonce: string): Promise<DonationWalletChallenge> {
  return api.get<DonationWalletChallenge>(`/api/donation-wallets/challenge/${encodeURIComponent(nonce)}`);
}

export function proveDonationWallet(nonce: string, signature: string): Promise<{ creatorWallet: string; donationWallet: string; provedAt: string }> {
  return api.post('/api/donation-wallets/proof', { nonce, signature });
}

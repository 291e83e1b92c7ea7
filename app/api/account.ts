import { useQuery } from '@tanstack/react-query';
import { api } from './client';

/** The fields of a campaign the account page shows (the API sends the full campaign). */
export type AccountCampaign = {
  id: number;
  creator_wallet: string;
  ticker: string;
  name: string;
  title: string;
  verified: boolean;
  token_address: string | null;
  image_url: string | null;
  goal_lamports: string;
  raised_lamports: string;
  created_at: string;
  /** A test campaign from the connection-test page: no token, so no public page. */
  is_test: boolean;
};

export const accountCampaignsKey = (wallet: string | null) => ['account', 'campaigns', wallet] as const;

/** GET /api/account/campaigns: campaigns whose creator_wallet is the signed-in wallet. */
export function useAccountCampaigns(sessionWallet: string | null) {
  return useQuery({
    queryKey: accountCampaignsKey(sessionWallet),
    queryFn: async () => (await api.get<{ campaigns: AccountCampaign[] }>('/api/account/campaigns')).campaigns,
    enabled: Boolean(sessionWallet),
  });
}

type CampaignRef = { token_address: string; ticker: string; title: string; image_url: string | null };
export type Holding = { campaign: CampaignRef; amount: string; value_lamports: string | null; value_sol: string | null };
export type WalletTrade = { signature: string; side: 'buy' | 'sell'; sol: string; tokens: string; time: string; campaign: CampaignRef };
export type WalletDonation = { signature: string; sol: string; lamports: string; time: string; campaign: CampaignRef; receipt_path: string };

/** The signed-in wallet's holdings, trades and donations on the platform (trades and donations move them). */
export function useAccountActivity(sessionWallet: string | null) {
  const enabled = Boolean(sessionWallet);
  return {
    holdings: useQuery({ queryKey: ['account', 'holdings', sessionWallet], queryFn: () => api.get<{ holdings: Holding[] }>('/api/account/holdings'), enabled }),
    trades: useQuery({ queryKey: ['account', 'trades', sessionWallet], queryFn: () => api.get<{ trades: WalletTrade[] }>('/api/account/trades'), enabled }),
    donations: useQuery({ queryKey: ['account', 'donations', sessionWallet], queryFn: () => api.get<{ donations: WalletDonation[] }>('/api/account/donations'), enabled }),
  };
}

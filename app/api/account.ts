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

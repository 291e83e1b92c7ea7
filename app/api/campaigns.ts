import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from './client';

export type CampaignSummary = {
  id: number;
  name: string;
  title: string | null;
  ticker: string;
  category: string;
  description: string;
  goal_amount: number | string;
  created_at: string;
  token_address: string | null;
  image_url: string | null;
};

export type CampaignPage = { campaigns: CampaignSummary[]; total: number };

export const campaignsKey = ['campaigns'] as const;
export const campaignCountKey = ['campaigns', 'count'] as const;

export function useCampaignCount() {
  return useQuery({
    queryKey: campaignCountKey,
    queryFn: () => api.get<{ total: number }>('/api/campaigns/count'),
    staleTime: 30_000,
  });
}

export function fetchCampaigns(limit: number, offset = 0) {
  return api.get<CampaignPage>(`/api/campaigns?limit=${limit}&offset=${offset}`);
}

export function useCampaigns(limit: number, offset = 0, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: [...campaignsKey, 'list', { limit, offset }],
    queryFn: () => fetchCampaigns(limit, offset),
    enabled: options.enabled ?? true,
  });
}

/** The connection-test page's test campaigns: all of them for an admin, a wallet's own for a signed-in wallet (401 otherwise). */
export function fetchTestCampaigns() {
  return api.get<{ campaigns: CampaignSummary[] }>('/api/test-campaigns');
}

/** Local mode only (403 elsewhere); needs an admin or wallet session. Test campaigns are in no public list. */
export function useCreateTestCampaign() {
  return useMutation({
    mutationFn: () => api.post<CampaignSummary>('/api/test-campaigns', {}),
  });
}

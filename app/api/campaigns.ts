import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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

/** Local mode only: the server answers 403 elsewhere. */
export function useCreateTestCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<CampaignSummary>('/api/test-campaigns', {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: campaignsKey }),
  });
}

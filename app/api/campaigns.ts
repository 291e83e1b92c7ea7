import { keepPreviousData, useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import { campaignListQuery, type CampaignListParams } from '../../core/campaignList';
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
  verified: boolean;
  trending: boolean;
  is_bonded: boolean;
  holders: number | null;
  market_cap: number | null;
  cached_volume_24h: number | null;
  bonding_curve_progress: number | null;
  raised_amount: number;
  /** Exact amounts: what the card's raised-of-goal line is computed from. */
  raised_lamports: string;
  goal_lamports: string;
  /** The newest direct donation's time, null before the first. */
  last_donation_at: string | null;
  /** Wallets following it (a maintained count on the server, not counted per row). */
  followers: number;
  /** The trust panel's high-severity flags as last computed (the card's "High risk" badge). */
  high_flags: { id: string; sentence: string }[];
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

export function fetchCampaigns(params: CampaignListParams) {
  return api.get<CampaignPage>(`/api/campaigns?${campaignListQuery(params)}`);
}

/** One page of a filtered list (explore): the last page stays on screen while the next loads. */
export function useCampaigns(params: CampaignListParams) {
  return useQuery({
    queryKey: [...campaignsKey, 'list', params],
    queryFn: () => fetchCampaigns(params),
    placeholderData: keepPreviousData,
  });
}

/** A list that grows (home): `first` cards, then `more` each time the page asks. */
export function useGrowingCampaigns(first: number, more: number, params: Omit<CampaignListParams, 'limit' | 'offset'> = {}) {
  return useInfiniteQuery({
    queryKey: [...campaignsKey, 'growing', { first, more, ...params }],
    initialPageParam: 0,
    queryFn: ({ pageParam }) => fetchCampaigns({ ...params, offset: pageParam, limit: pageParam === 0 ? first : more }),
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, page) => n + page.campaigns.length, 0);
      return loaded < last.total && last.campaigns.length > 0 ? loaded : undefined;
    },
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

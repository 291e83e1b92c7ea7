import { useQuery } from '@tanstack/react-query';
import { api } from './client';

export type PlatformStats = {
  totalSolRaised: number | string;
  totalCampaigns: number;
  totalDonations: number;
  totalBackers: number;
  lastUpdated: string | null;
};

export const platformStatsKey = ['platform', 'stats'] as const;

export function usePlatformStats() {
  return useQuery({
    queryKey: platformStatsKey,
    queryFn: () => api.get<PlatformStats>('/api/platform/stats'),
    staleTime: 30_000,
  });
}

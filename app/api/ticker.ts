import { useQuery } from '@tanstack/react-query';
import { api } from './client';
import { fallbackPoll } from './liveStatus';

export type TickerItem = {
  name: string;
  ticker: string;
  tokenAddress: string;
  imageUrl: string | null;
  marketCapUsd: number | null;
  priceChange24h: number | null;
};

export type TickerData = {
  official: { symbol: string; tokenAddress: string; marketCapUsd: number | null; priceChange24h: number | null } | null;
  campaigns: TickerItem[];
};

export function useTicker() {
  return useQuery({
    queryKey: ['ticker'],
    queryFn: () => api.get<TickerData>('/api/ticker'),
    staleTime: 60_000,
    refetchInterval: fallbackPoll(60_000),
    retry: 1,
  });
}

import { useQuery } from '@tanstack/react-query';
import type { ChartMarkersResponse } from '../../core/chartMarkers';
import type { CandleInterval, CandlesResponse, MarketDataResponse, TradesResponse } from '../../core/schemas/trade';
import { api, orNull } from './client';
import { fallbackPoll } from './liveStatus';
import { TRADING_POLL_MS, tradingKey } from './curve';

// A campaign token's market as the trading page shows it: the campaign, its stored trades
// (newest first), candles built from them and the market figures. All sit under
// tradingKey(mint), which the 'curve_trade' live event invalidates.

/** The campaign fields the trading page reads (the presenter's spec names). */
export type TradeCampaign = {
  id: number;
  name: string;
  title: string | null;
  ticker: string;
  verified: boolean;
  image_url: string | null;
  token_address: string | null;
  is_bonded: boolean;
  market_cap: number | null;
  holders: number | null;
  cached_volume_24h: number | null;
};

const campaignPath = (mint: string) => `/api/campaigns/${encodeURIComponent(mint)}`;

/** The campaign of a token address (null: none). `enabled: false` while the page knows it has none (the official token). */
export function useTradeCampaign(mint: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: [...tradingKey(mint), 'campaign'],
    enabled,
    queryFn: async () => {
      const data = await orNull(api.get<TradeCampaign | { campaign: TradeCampaign }>(campaignPath(mint)));
      return data && 'campaign' in data ? data.campaign : data;
    },
    refetchInterval: fallbackPoll(TRADING_POLL_MS),
  });
}

export function useTrades(mint: string, limit = 50) {
  return useQuery({
    queryKey: [...tradingKey(mint), 'trades', limit],
    queryFn: () => api.get<TradesResponse>(`${campaignPath(mint)}/trades?limit=${limit}`),
    refetchInterval: fallbackPoll(TRADING_POLL_MS),
  });
}

export function useCandles(mint: string, interval: CandleInterval) {
  return useQuery({
    queryKey: [...tradingKey(mint), 'candles', interval],
    queryFn: () => api.get<CandlesResponse>(`${campaignPath(mint)}/candles?interval=${interval}`),
    refetchInterval: fallbackPoll(TRADING_POLL_MS),
  });
}

/** The chart's markers: the creator's trades, payouts, graduation, the largest trades (a trade's live event refetches them). */
export function useChartMarkers(mint: string) {
  return useQuery({
    queryKey: [...tradingKey(mint), 'markers'],
    queryFn: () => api.get<ChartMarkersResponse>(`${campaignPath(mint)}/markers`),
    refetchInterval: fallbackPoll(TRADING_POLL_MS),
  });
}

/** Price, volumes, market cap, holders (null: the token has no curve pool). */
export function useMarket(mint: string) {
  return useQuery({
    queryKey: [...tradingKey(mint), 'market'],
    queryFn: () => orNull(api.get<MarketDataResponse>(`${campaignPath(mint)}/market`)),
    refetchInterval: fallbackPoll(TRADING_POLL_MS),
  });
}

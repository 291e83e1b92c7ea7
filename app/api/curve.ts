import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  BuyQuoteResponse, CurveProgressResponse, ExecuteResponse, QuotePreviewResponse, SellQuoteResponse,
} from '../../core/schemas/trade';
import { api } from './client';
import { fallbackPoll } from './liveStatus';

// The trading API of issue 6 on a DBC pool (issue 36): build (the pool's swap with a minimum out
// from the slippage, as an unsigned transaction whose blockhash is its expiry) → the wallet
// signs alone → execute (relayed); live quotes and bonding progress for display. Amounts are
// decimal strings on the wire (SOL for buys, tokens for sells).

export type TradeSide = 'buy' | 'sell';
export type BuiltTrade = BuyQuoteResponse | SellQuoteResponse;

/** Every trading query of one mint sits under this key, so one invalidation refreshes them all. */
export const tradingKey = (mint: string) => ['trading', mint] as const;
export const tradingRootKey = ['trading'] as const;

// SSE invalidates at once; the poll covers a dropped event stream.
export const TRADING_POLL_MS = 15_000;
const QUOTE_REFRESH_MS = 10_000;

const curvePath = (mint: string) => `/api/curve/${encodeURIComponent(mint)}`;

/** A built trade's output: tokens held after the fee (buy) or SOL received (sell), decimal string. */
export function builtOutput(built: BuiltTrade): string {
  return 'expectedTokens' in built ? built.expectedTokens : built.expectedSOL;
}

export type BuildBody = {
  wallet: string;
  amount: string;
  slippageBps: number;
  /** The output the person was shown: a fresh quote worse by more than slippageBps is refused (409). */
  expectedOutput?: string;
};

export function buildTrade(mint: string, side: TradeSide, body: BuildBody) {
  return api.post<BuiltTrade>(`${curvePath(mint)}/${side}`, body);
}

export function executeTrade(mint: string, transactionBase64: string) {
  return api.post<ExecuteResponse>(`${curvePath(mint)}/execute`, { transactionBase64 });
}

/** Live preview for an amount typed in the widget (null while there is nothing to quote). */
export function useTradeQuote(mint: string, side: TradeSide, amount: string | null) {
  return useQuery({
    queryKey: [...tradingKey(mint), 'quote', side, amount],
    queryFn: () => api.get<QuotePreviewResponse>(`${curvePath(mint)}/quote?side=${side}&amount=${encodeURIComponent(amount!)}`),
    enabled: amount !== null,
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchInterval: QUOTE_REFRESH_MS,
    retry: false,
  });
}

export function useCurveProgress(mint: string) {
  return useQuery({
    queryKey: [...tradingKey(mint), 'progress'],
    queryFn: () => api.get<CurveProgressResponse>(`${curvePath(mint)}/progress`),
    refetchInterval: fallbackPoll(TRADING_POLL_MS),
  });
}

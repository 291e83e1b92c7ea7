import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from './client';
import type { ConnectionResult } from '../../core/connectionResult';

/** Every dashboard query starts with this key, so live events and Sync refresh them all. */
export const adminDashboardKey = ['admin', 'dashboard'] as const;
// Spec 2 section 9: dashboard stats auto-refresh every 30 seconds.
const REFRESH_MS = 30_000;

export type AdminOverview = {
  totalSolRaised: string;
  totalBackers: number;
  totalCampaigns: number;
  totalDonations: number;
  /** What the treasury received on chain: creation fees and the distributor's platform share. */
  companyRevenueSol: string;
  lastUpdated: string | null;
};

export type AnalyticsSummary = {
  total_unique_users: number; users_24h: number; new_users_24h: number; users_7d: number; new_users_7d: number;
  total_sessions: number; sessions_24h: number; page_views_total: number; page_views_24h: number; visitors_24h: number;
};
export type DailyActivity = { date: string; unique_users: number; new_users: number; total_sessions: number };
export type AdminAnalytics = {
  summary: AnalyticsSummary;
  daily: DailyActivity[];
  devices: { device_type: string; sessions: number; percentage: number }[];
  countries: { country: string; unique_users: number; total_sessions: number }[];
};

export type PartHealth = { name: string; status: 'ok' | 'failed'; result: ConnectionResult; latencyMs: number; detail: string };
export type ApiTestRequest = { method: string; path: string; headers: Record<string, string>; body?: string | null };
export type ApiTestResult = { ok: boolean; status: number; statusText: string; durationMs: number; contentType: string | null; body: string };

export type CampaignCounts = { total: number; verified: number; unverified: number; flagged: number; active: number; verificationRequests: number; totalRaisedSol: string };
export type CharityCounts = { total: number; active: number; inactive: number; categories: number };

type SourceSums = { creationFeesSol: string; distributorFeesSol: string; totalSol: string };
export type AdminRevenue = SourceSums & {
  from: string | null;
  to: string | null;
  daily: (SourceSums & { date: string })[];
  campaigns: (SourceSums & { tokenAddress: string; campaignId: number | null; ticker: string | null; name: string | null; official: boolean; transactions: number })[];
};

export type StorageProbe = { ok: boolean; store: 'local' | 'pinata'; write: boolean; read: boolean; cid: string | null; detail: string; unreachable: boolean };
export type StorageUpload = { url: string; ipfsHash: string; name: string; group: string; size: number; contentType: string; keyvalues: Record<string, string> };

const live = <T>(part: string, path: string) => ({
  queryKey: [...adminDashboardKey, part],
  queryFn: () => api.get<T>(path),
  refetchInterval: REFRESH_MS,
});

export const useAdminOverview = () => useQuery(live<AdminOverview>('overview', '/api/admin/overview'));
export const useAdminAnalytics = () => useQuery(live<AdminAnalytics>('analytics', '/api/admin/analytics'));
export const useCampaignCounts = () => useQuery(live<CampaignCounts>('campaigns', '/api/admin/dashboard/campaigns'));
export const useCharityCounts = () => useQuery(live<CharityCounts>('charities', '/api/admin/dashboard/charities'));

export function useAdminRevenue(range: { from: string; to: string }) {
  const params = new URLSearchParams(Object.entries(range).filter(([, v]) => v));
  const query = params.size ? `?${params}` : '';
  return useQuery({ ...live<AdminRevenue>('revenue', `/api/admin/revenue${query}`), queryKey: [...adminDashboardKey, 'revenue', range] });
}

/** GET /api/admin/rate-limits: the per-client /api/rpc rate the SDK tests run under. */
export type AdminRateLimits = {
  rpc: { max: number; windowMs: number };
  marketData: { freeTierPerMinute: [number, number]; birdeyePerMinute: number; dexscreenerCacheMs: number; birdeyeCacheMs: number };
};

export function useAdminRateLimits() {
  return useQuery({ queryKey: ['admin', 'rate-limits'], queryFn: () => api.get<AdminRateLimits>('/api/admin/rate-limits'), staleTime: Infinity });
}

/** Health checks run on demand (each writes a storage probe): outside the dashboard key, so live events do not rerun them. */
export function useAdminHealth() {
  return useQuery({ queryKey: ['admin', 'health'], queryFn: () => api.get<PartHealth[]>('/api/admin/health'), staleTime: Infinity });
}

export function useSyncStats() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<AdminOverview>('/api/admin/stats/sync'),
    onSuccess: (overview) => {
      queryClient.setQueryData([...adminDashboardKey, 'overview'], overview);
      void queryClient.invalidateQueries({ queryKey: adminDashboardKey });
    },
  });
}

export const useApiTest = () => useMutation({ mutationFn: (body: ApiTestRequest) => api.post<ApiTestResult>('/api/admin/api-test', body) });
export const useStorageProbe = () => useMutation({ mutationFn: () => api.post<StorageProbe>('/api/admin/storage-test') });

export function useStorageUpload() {
  return useMutation({
    mutationFn: async ({ file, group }: { file: File; group: string }) => {
      const form = new FormData();
      form.append('group', group);
      form.append('file', file);
      const response = await fetch('/api/admin/storage-test/upload', { method: 'POST', body: form, credentials: 'same-origin' });
      const data = await response.json().catch(() => ({})) as StorageUpload & { error?: string };
      if (!response.ok) throw new ApiError(data.error ?? `HTTP ${response.status}`, response.status);
      return data;
    },
  });
}

export type PlatformWallet = {
  distribution_wallet: string; donation_wallet: string; campaign_id: number | null; token_address: string | null;
  campaign_name: string | null; ticker: string | null; last_checked: string | null; created_at: string;
};

/** Every campaign's distributor wallet and the donation wallet it pays, newest first. */
export function useAdminPlatformWallets(page: number, pageSize: number) {
  return useQuery({
    queryKey: [...adminDashboardKey, 'platform-wallets', page],
    queryFn: () => api.get<{ total: number; wallets: PlatformWallet[] }>(`/api/admin/platform-wallets?limit=${pageSize}&offset=${(page - 1) * pageSize}`),
    placeholderData: keepPreviousData,
  });
}

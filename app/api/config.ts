import { useQuery } from '@tanstack/react-query';
import type { ClientConfig } from '../../core/clientConfig';
import { api } from './client';

/** GET /api/config, as one query every page shares (fetched once per page). */
export const clientConfigQuery = {
  queryKey: ['config'],
  queryFn: () => api.get<ClientConfig>('/api/config'),
  staleTime: Infinity,
  retry: 3,
} as const;

/** GET /api/config: local mode, cluster, SOL/USD, the payout interval, the platform's share of a pool's fee. */
export function useClientConfig() {
  return useQuery(clientConfigQuery);
}

/** What the platform takes of a new pool's fee after DBC's share (CURVE_PLATFORM_SHARE_PERCENT); none until the config is known. */
export function usePlatformSharePercent(): number {
  return useClientConfig().data?.curvePlatformSharePercent ?? 0;
}

/** How often the cause is paid (the distributor's interval); 10 minutes until the config is known. */
export function usePayoutIntervalMs(): number {
  return useClientConfig().data?.payoutIntervalMs ?? 600_000;
}

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

/** GET /api/config: local mode, cluster, SOL/USD, the payout interval, how campaigns launch. */
export function useClientConfig() {
  return useQuery(clientConfigQuery);
}

/** How often the cause is paid (the distributor's interval); 10 minutes until the config is known. */
export function usePayoutIntervalMs(): number {
  return useClientConfig().data?.payoutIntervalMs ?? 600_000;
}

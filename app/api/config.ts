import { useQuery } from '@tanstack/react-query';
import type { ClientConfig } from '../../core/clientConfig';
import type { TaxTerms } from '../../core/taxStory';
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

/** How campaigns launch here and what the platform takes of a pool's fee; the default design until the config is known. */
export function useTaxTerms(): TaxTerms {
  const data = useClientConfig().data;
  return { program: data?.curveProgram ?? 'dbc', platformSharePercent: data?.curvePlatformSharePercent ?? 0 };
}

/** How often the cause is paid (the distributor's interval); 10 minutes until the config is known. */
export function usePayoutIntervalMs(): number {
  return useClientConfig().data?.payoutIntervalMs ?? 600_000;
}

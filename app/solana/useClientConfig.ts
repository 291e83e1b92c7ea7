import { useQuery } from '@tanstack/react-query';
import type { ClientConfig } from '../../core/clientConfig';
import { explorerAddressUrl, explorerTokenUrl, explorerTxUrl, type ExplorerTarget } from '../../core/explorer';
import { api } from '../api/client';

/** GET /api/config: local mode, cluster, SOL/USD. Fetched once per page. */
export function useClientConfig() {
  return useQuery({
    queryKey: ['config'],
    queryFn: () => api.get<ClientConfig>('/api/config'),
    staleTime: Infinity,
    retry: 3,
  });
}

/** Explorer links for the cluster this site runs on (null until the config is known). */
export function useExplorer() {
  const { data } = useClientConfig();
  if (!data) return null;
  const target: ExplorerTarget = { cluster: data.cluster, origin: window.location.origin, rpcPath: data.rpcPath };
  return {
    address: (address: string) => explorerAddressUrl(address, target),
    tx: (signature: string) => explorerTxUrl(signature, target),
    token: (mint: string) => explorerTokenUrl(mint, target),
  };
}

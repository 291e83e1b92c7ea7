import { explorerAddressUrl, explorerTokenUrl, explorerTxUrl, type ExplorerTarget } from '../../core/explorer';
import { useClientConfig } from '../api/config';

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

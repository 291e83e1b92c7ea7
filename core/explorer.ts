import type { Cluster } from './clientConfig';

const EXPLORER = 'https://explorer.solana.com';

export type ExplorerTarget = {
  cluster: Cluster;
  /** The site's origin, e.g. "https://causemint.example": in local mode the explorer reads our own /api/rpc. */
  origin: string;
  rpcPath?: string;
};

/** The explorer query string that points Solana Explorer at the right network. */
export function explorerClusterQuery({ cluster, origin, rpcPath = '/api/rpc' }: ExplorerTarget): string {
  if (cluster === 'mainnet-beta') return '';
  if (cluster === 'localnet') {
    return `?cluster=custom&customUrl=${encodeURIComponent(origin.replace(/\/$/, '') + rpcPath)}`;
  }
  return `?cluster=${cluster}`;
}

export function explorerAddressUrl(address: string, target: ExplorerTarget): string {
  return `${EXPLORER}/address/${encodeURIComponent(address)}${explorerClusterQuery(target)}`;
}

export function explorerTxUrl(signature: string, target: ExplorerTarget): string {
  return `${EXPLORER}/tx/${encodeURIComponent(signature)}${explorerClusterQuery(target)}`;
}

/** A mint's page: Solana Explorer shows tokens (Token-2022 included) under /address. */
export function explorerTokenUrl(mint: string, target: ExplorerTarget): string {
  return explorerAddressUrl(mint, target);
}

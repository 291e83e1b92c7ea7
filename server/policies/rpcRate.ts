import { RPC_RATE_LIMIT } from '../../core/constants';
import { RPC_RATE_WINDOW_MS } from '../chain/rpc/limits';
import type { Env } from '../env';

/**
 * The calls per window one client address may make to /api/rpc (every call of a batch
 * counts): RPC_RATE_LIMIT per 10 s on the local ledger or a Causemint ledger process,
 * the spec's 10 per 5 s in front of a provider's cluster.
 */
export function rpcClientRate(env: Env): { max: number; windowMs: number } {
  if (env.localMode || env.SOLANA_CLUSTER === 'localnet') return { max: env.RPC_RATE_LIMIT, windowMs: RPC_RATE_WINDOW_MS };
  return { ...RPC_RATE_LIMIT };
}

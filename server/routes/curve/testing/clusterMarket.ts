// A cluster for the tests: a local-mode server reached over HTTP and PubSub through
// services.chain.connection, as a provider would be.

import type { Connection } from '@solana/web3.js';
import { startServer, type StartedServer } from '../../../../e2e/server';

/**
 * The cluster: a local-mode server reached only over JSON-RPC, as a provider would be. It keeps
 * its own embedded database even when the suite runs on PostgreSQL; its client limits are lifted.
 */
export function startUpstreamLedger(): Promise<StartedServer> {
  return startServer({ DATABASE_URL: '', RPC_RATE_LIMIT: '10000000', FAUCET_PER_MINUTE: '100000' });
}

/** The env of an app whose chain is `upstream` (a devnet-like cluster: no faucet). */
export function clusterEnv(upstream: StartedServer) {
  return { SOLANA_RPC_URL: `${upstream.url}/api/rpc`, SOLANA_CLUSTER: 'devnet' } as const;
}

/** Waits until the signature is confirmed; throws if it failed or never lands. */
export async function confirmed(connection: Connection, signature: string): Promise<void> {
  for (let i = 0; i < 300; i++) {
    const { value: [status] } = await connection.getSignatureStatuses([signature]);
    if (status?.err) throw new Error(`${signature} failed: ${JSON.stringify(status.err)}`);
    if (status?.confirmationStatus === 'confirmed' || status?.confirmationStatus === 'finalized') return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${signature} was not confirmed`);
}

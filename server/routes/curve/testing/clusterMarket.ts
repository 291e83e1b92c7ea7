// A campaign token with its curve pool on a cluster (in the tests: a local-mode server as
// the cluster, reached over HTTP and PubSub through services.chain.connection): the real mint
// builder and key store, the setup transactions sent like any client's.

import { Keypair, LAMPORTS_PER_SOL, type Connection, type PublicKey } from '@solana/web3.js';
import { CAMPAIGN_TAX_BPS } from '../../../../core/constants';
import type { Services } from '../../../services';
import { createCurvePool } from '../../../trading';
import { poolTokenSetupTransactions } from '../../../trading/testing/poolTokenSetup';
import { startServer, type StartedServer } from '../../../../e2e/server';

export type ClusterMarket = Awaited<ReturnType<typeof launchClusterMarket>>;

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

export async function launchClusterMarket(services: Services, ticker: string) {
  const { connection } = services.chain;
  const fund = async (to: PublicKey, sol: number) => confirmed(connection, await connection.requestAirdrop(to, sol * LAMPORTS_PER_SOL));
  const [payer, mint, distributor, platform] = Array.from({ length: 4 }, () => Keypair.generate()) as [Keypair, Keypair, Keypair, Keypair];
  const pool = await services.keys.getOrCreate('pool', mint.publicKey.toBase58());
  await fund(payer.publicKey, 2);
  const { blockhash } = await connection.getLatestBlockhash('confirmed');
  for (const wire of poolTokenSetupTransactions({
    payer, mint, pool: pool.publicKey, distributor: distributor.publicKey, metadataAuthority: platform.publicKey,
    name: `Cluster ${ticker}`, symbol: ticker,
  }, blockhash)) {
    await confirmed(connection, await connection.sendRawTransaction(wire, { preflightCommitment: 'confirmed' }));
  }
  await createCurvePool(services.db, {
    mint: mint.publicKey.toBase58(), poolWallet: pool.publicKey.toBase58(), curveType: 1, transferFeeBps: CAMPAIGN_TAX_BPS,
  });
  return {
    mint: mint.publicKey.toBase58(),
    pool: pool.publicKey.toBase58(),
    distributor: distributor.publicKey.toBase58(),
    async trader(sol: number): Promise<Keypair> {
      const trader = Keypair.generate();
      await fund(trader.publicKey, sol);
      return trader;
    },
    lamports: async (of: PublicKey) => BigInt(await connection.getBalance(of, 'confirmed')),
  };
}

// The Holder badge's holdings on a cluster: the cluster is a second Causemint server running the
// local ledger, reached only over JSON-RPC, as a provider would be.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Connection, Keypair, LAMPORTS_PER_SOL, PublicKey } from '@solana/web3.js';
import { TOKEN_TOTAL_SUPPLY } from '../../core/constants';
import type { StartedServer } from '../../e2e/server';
import { startFakeRpc } from '../chain/gateway/testing/fakeCluster';
import { createTestApp, type TestApp } from '../testing/app';
import { DBC_POOL_AUTHORITY } from '../chain/ledger/genesis/meteora';
import { insertDbcPoolRow, launchDbcPool } from '../curve/testing/dbcPool';
import { dbcTrade } from '../curve/testing/dbcTrade';
import { clusterEnv, confirmed, startUpstreamLedger } from '../routes/curve/testing/clusterMarket';
import { chainHoldings } from '../chain/holdings';
import { holderSharesOf } from './holderShares';

let upstream: StartedServer;
let app: TestApp;

beforeAll(async () => {
  upstream = await startUpstreamLedger();
  app = await createTestApp({ ...clusterEnv(upstream), CURVE_PROGRAM: 'dbc' });
}, 180_000);
afterAll(async () => {
  await app?.close();
  await upstream?.stop();
});

describe('holdings for the Holder badge on a cluster', () => {
  it("reads the page's authors' associated token accounts: holders only (the pool and its vault's authority are none), with their amounts and the row's basis", async () => {
    // A DBC pool on the cluster (its configs created by our partner key, funded from the upstream's faucet over RPC).
    const { connection } = app.services.chain;
    const fund = async (address: string, lamports: bigint) => confirmed(connection, await connection.requestAirdrop(new PublicKey(address), Number(lamports)));
    const launched = await launchDbcPool(app.services, { initialBuyLamports: 0n, fund });
    await insertDbcPoolRow(app.services, launched);
    const market = { mint: launched.mint, pool: launched.pool };
    const buyer = Keypair.generate();
    await fund(buyer.publicKey.toBase58(), 5n * BigInt(LAMPORTS_PER_SOL));
    await dbcTrade(app.app, market.mint, buyer, 'buy', '0.5');
    const nobody = Keypair.generate().publicKey.toBase58();
    const crowd = Array.from({ length: 147 }, () => Keypair.generate().publicKey.toBase58());
    const held = (await chainHoldings(app.services.chain)(buyer.publicKey.toBase58(), market.mint)).tokens;
    // 150 authors: two calls of a hundred accounts (the pool authority, a program address, has no associated account).
    const read = await holderSharesOf(app.services)(market.mint, [nobody, ...crowd.slice(1), market.pool, DBC_POOL_AUTHORITY, buyer.publicKey.toBase58()], 4n * held);
    expect([...read.holdings]).toEqual([[buyer.publicKey.toBase58(), held]]);
    expect(read.circulatingTokens).toBe(4n * held);
    expect(TOKEN_TOTAL_SUPPLY).toBeGreaterThan(held);
  });

  it('shows no holdings, and does not fail, when the cluster cannot be read', async () => {
    // A provider answering 500 to everything; a connection with no subscription opens no websocket.
    const failing = await startFakeRpc(Array.from({ length: 10 }, () => ({ status: 500, body: 'oops' })));
    try {
      const services = { ...app.services, chain: { ...app.services.chain, connection: new Connection(failing.url, { disableRetryOnRateLimit: true }) } };
      const mint = Keypair.generate().publicKey.toBase58();
      expect(await holderSharesOf(services)(mint, [Keypair.generate().publicKey.toBase58()], 1n)).toEqual({ holdings: new Map(), circulatingTokens: null });
      expect(failing.received.length).toBeGreaterThan(0);
    } finally {
      await failing.close();
    }
  });
});

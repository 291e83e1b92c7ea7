// The Holder badge's holdings on a cluster: the cluster is a second Causemint server running the
// local ledger, reached only over JSON-RPC, as a provider would be.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Keypair } from '@solana/web3.js';
import { TOKEN_TOTAL_SUPPLY } from '../../core/constants';
import { freePort, startServer, type StartedServer } from '../../e2e/server';
import { createTestApp, type TestApp } from '../testing/app';
import { launchClusterMarket } from '../routes/curve/testing/clusterMarket';
import { holderSharesOf } from './holderShares';

let upstream: StartedServer;
let app: TestApp;
let unreachable: TestApp;

beforeAll(async () => {
  // The upstream keeps its own embedded database even when this suite runs on PostgreSQL.
  upstream = await startServer({ DATABASE_URL: '', RPC_RATE_LIMIT: '10000000', FAUCET_PER_MINUTE: '100000' });
  app = await createTestApp({ SOLANA_RPC_URL: `${upstream.url}/api/rpc`, SOLANA_CLUSTER: 'devnet' });
  unreachable = await createTestApp({ SOLANA_RPC_URL: `http://127.0.0.1:${await freePort()}/`, SOLANA_CLUSTER: 'devnet' });
}, 180_000);
afterAll(async () => {
  await app?.close();
  await unreachable?.close();
  await upstream?.stop();
});

describe('holdings for the Holder badge on a cluster', () => {
  it("reads the page's authors' associated token accounts: holders only, with their amounts", async () => {
    const market = await launchClusterMarket(app.services, 'HOLD');
    const nobody = Keypair.generate().publicKey.toBase58();
    // 150 authors: two calls of a hundred accounts.
    const crowd = Array.from({ length: 148 }, () => Keypair.generate().publicKey.toBase58());
    const holdings = await holderSharesOf(app.services)(market.mint, [nobody, ...crowd, market.pool]);
    expect([...holdings.keys()]).toEqual([market.pool]);
    expect(holdings.get(market.pool)).toBe(TOKEN_TOTAL_SUPPLY);
  });

  it('shows no holdings, and does not fail, when the cluster cannot be read', async () => {
    const mint = Keypair.generate().publicKey.toBase58();
    expect(await holderSharesOf(unreachable.services)(mint, [Keypair.generate().publicKey.toBase58()])).toEqual(new Map());
  });
});

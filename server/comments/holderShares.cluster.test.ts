// The Holder badge's holdings on a cluster: the cluster is a second Causemint server running the
// local ledger, reached only over JSON-RPC, as a provider would be.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Connection, Keypair } from '@solana/web3.js';
import { TOKEN_TOTAL_SUPPLY } from '../../core/constants';
import type { StartedServer } from '../../e2e/server';
import { startFakeRpc } from '../chain/gateway/testing/fakeCluster';
import { createTestApp, type TestApp } from '../testing/app';
import { clusterEnv, launchClusterMarket, startUpstreamLedger } from '../routes/curve/testing/clusterMarket';
import { chainHoldings } from '../trading';
import { signFast } from '../trading/testing/market';
import { holderSharesOf } from './holderShares';

let upstream: StartedServer;
let app: TestApp;

beforeAll(async () => {
  upstream = await startUpstreamLedger();
  app = await createTestApp(clusterEnv(upstream));
}, 180_000);
afterAll(async () => {
  await app?.close();
  await upstream?.stop();
});

describe('holdings for the Holder badge on a cluster', () => {
  it("reads the page's authors' associated token accounts: holders only (the pool is a platform key, none), with their amounts and the row's basis", async () => {
    const market = await launchClusterMarket(app.services, 'HOLD');
    const buyer = await market.trader(5);
    const book = app.services.trading.book;
    const quote = await book.buildBuyQuote({ mint: market.mint, trader: buyer.publicKey.toBase58(), solIn: 500_000_000n, slippageBps: 10_000 });
    await book.execute(signFast(quote.transactionBase64, buyer));
    const nobody = Keypair.generate().publicKey.toBase58();
    // 150 authors: two calls of a hundred accounts.
    const crowd = Array.from({ length: 147 }, () => Keypair.generate().publicKey.toBase58());
    const held = (await chainHoldings(app.services.chain)(buyer.publicKey.toBase58(), market.mint)).tokens;
    const read = await holderSharesOf(app.services)(market.mint, [nobody, ...crowd, market.pool, buyer.publicKey.toBase58()], 4n * held);
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

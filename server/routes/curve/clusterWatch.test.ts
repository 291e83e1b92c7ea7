// The quote watch in cluster mode: the cluster is a second Causemint server running the local
// ledger, reached only over HTTP (JSON-RPC) and its PubSub websocket, as a provider would be.
// One app hears of wallet changes through accountSubscribe (its poll a minute away); the other's
// PubSub accepts subscriptions and never sends a notification, so only its poll can release anything.

import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Keypair, SystemProgram, Transaction, type PublicKey } from '@solana/web3.js';
import { WebSocketServer } from 'ws';
import { CAMPAIGN_TAX_BPS } from '../../../core/constants';
import { quoteBuyAfterFee } from '../../../core/curve';
import { parseSol, parseTokenAmount } from '../../../core/money';
import type { StartedServer } from '../../../e2e/server';
import { sendAndConfirm } from '../../chain/sendAndConfirm';
import { curveQuotes } from '../../db/schema';
import { tradeHooksIdle } from '../../market';
import { createTestApp, type TestApp } from '../../testing/app';
import { testIp } from '../../testing/wallet';
import { TRADE_ERRORS, findCurvePool, stateOfPool } from '../../trading';
import { RELEASED_ERROR } from '../../trading/bookStore';
import { signAsWallet } from '../../trading/testing/market';
import { clusterEnv, launchClusterMarket, startUpstreamLedger, type ClusterMarket } from './testing/clusterMarket';

const FEE = { transferFeeBasisPoints: CAMPAIGN_TAX_BPS, maximumFee: 2n ** 64n - 1n };

let upstream: StartedServer;
let silent: WebSocketServer;
let subscribed: TestApp;
let polled: TestApp;

beforeAll(async () => {
  upstream = await startUpstreamLedger();
  silent = silentPubsub();
  await new Promise((resolve) => silent.once('listening', resolve));
  const cluster = { ...clusterEnv(upstream), QUOTES_MAX_CURVE_SHARE_BPS: '10000' } as const;
  subscribed = await createTestApp({ ...cluster, QUOTES_WATCH_POLL_MS: '60000' });
  polled = await createTestApp({ ...cluster, SOLANA_WS_URL: `ws://127.0.0.1:${(silent.address() as AddressInfo).port}`, QUOTES_WATCH_POLL_MS: '250' });
}, 180_000);
afterAll(async () => {
  for (const t of [subscribed, polled]) {
    if (!t) continue;
    await tradeHooksIdle(t.services);
    await t.close();
  }
  // A clean close (1000) is not reconnected; the apps' sockets to the upstream close once idle (web3.js waits 500 ms).
  for (const client of silent?.clients ?? []) client.close(1000);
  await new Promise((resolve) => (silent ? silent.close(resolve) : resolve(undefined)));
  await new Promise((resolve) => setTimeout(resolve, 1000));
  await upstream?.stop();
});

/** A PubSub endpoint that confirms every subscription and never sends a notification: every change is missed. */
function silentPubsub(): WebSocketServer {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  let next = 1;
  server.on('connection', (socket) => {
    socket.on('message', (data) => {
      const request = JSON.parse(data.toString()) as { id?: number; method?: string };
      if (request.id === undefined) return;
      const result = request.method?.endsWith('Unsubscribe') ? true : next++;
      socket.send(JSON.stringify({ jsonrpc: '2.0', result, id: request.id }));
    });
  });
  return server;
}

const quote = (t: TestApp, m: ClusterMarket, trader: Keypair, amount: string) => t.app.inject({
  method: 'POST', url: `/api/curve/${m.mint}/buy`, payload: { wallet: trader.publicKey.toBase58(), amount, slippageBps: 500 }, remoteAddress: testIp(),
});
const execute = (t: TestApp, m: ClusterMarket, transactionBase64: string) =>
  t.app.inject({ method: 'POST', url: `/api/curve/${m.mint}/execute`, payload: { transactionBase64 }, remoteAddress: testIp() });
const row = async (t: TestApp, id: string) => (await t.services.db.select().from(curveQuotes).where(eq(curveQuotes.id, id)))[0]!;

/** Every lamport of `from` but the fee to `to`, sent to the cluster like any wallet's transfer. */
async function moveAllSol(t: TestApp, m: ClusterMarket, from: Keypair, to: PublicKey) {
  const lamports = await m.lamports(from.publicKey) - 5_000n;
  await sendAndConfirm(t.services.chain.connection, new Transaction().add(SystemProgram.transfer({ fromPubkey: from.publicKey, toPubkey: to, lamports })), [from]);
}

describe('the quote watch on a cluster', () => {
  it('accountSubscribe: a quote whose wallet hands its SOL on is released within moments; the honest price comes back', async () => {
    const t = subscribed;
    const m = await launchClusterMarket(t.services, 'CLUS');
    const [first, honest] = [await m.trader(2), await m.trader(1)];
    const second = Keypair.generate();
    const undisturbed = quoteBuyAfterFee(stateOfPool((await findCurvePool(t.services.db, m.mint))!), parseSol('0.1'), FEE).tokensReceived;
    const honestQuote = async () => {
      const res = await quote(t, m, honest, '0.1');
      expect(res.statusCode, res.body).toBe(200);
      return parseTokenAmount(res.json().expectedTokens);
    };

    const built = await quote(t, m, first, '1.5');
    expect(built.statusCode, built.body).toBe(200);
    await expect.poll(() => t.services.trading.watch.subscribed(first.publicKey.toBase58()), { timeout: 15_000 }).toBe(true);
    expect(await honestQuote()).toBeLessThan(undisturbed);

    await moveAllSol(t, m, first, second.publicKey);
    await expect.poll(async () => (await row(t, built.json().quoteId)).status, { timeout: 15_000 }).toBe('expired');
    expect((await row(t, built.json().quoteId)).error).toBe(RELEASED_ERROR);
    expect(await honestQuote()).toBe(undisturbed);

    const refused = await execute(t, m, signAsWallet(built.json().transactionBase64, first));
    expect([refused.statusCode, refused.json()]).toEqual([409, { error: TRADE_ERRORS.released }]);
    // The wallet now holding the SOL quotes and trades as anyone would on the cluster.
    const again = await quote(t, m, second, '1.5');
    expect(again.statusCode, again.body).toBe(200);
    const done = await execute(t, m, signAsWallet(again.json().transactionBase64, second));
    expect(done.statusCode, done.body).toBe(200);
  });

  it('the poll: with a PubSub that never notifies (a subscription live, every change missed), the next poll releases the quote', async () => {
    const t = polled;
    const m = await launchClusterMarket(t.services, 'POLL');
    const first = await m.trader(2);
    const built = await quote(t, m, first, '1.5');
    expect(built.statusCode, built.body).toBe(200);
    await expect.poll(() => t.services.trading.watch.subscribed(first.publicKey.toBase58()), { timeout: 15_000 }).toBe(true);
    await moveAllSol(t, m, first, Keypair.generate().publicKey);
    await expect.poll(async () => (await row(t, built.json().quoteId)).status, { timeout: 15_000 }).toBe('expired');
    expect((await row(t, built.json().quoteId)).error).toBe(RELEASED_ERROR);
  });
});

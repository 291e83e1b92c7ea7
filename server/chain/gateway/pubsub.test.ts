import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { freePort } from '../../../e2e/server';
import { createGatewayRoutes } from '../../routes/rpc/gateway';
import { createTestApp, type TestApp } from '../../testing/app';
import { PubsubAdmission } from '../pubsub/admission';
import { pumpOptionsFor } from '../pubsub/limits';
import { listenPubsubPort } from '../pubsub/listener';
import { proxyPubsub } from './wsProxy';
import { pubsubUrlFor } from './wsUrl';

// A stand-in for a validator's PubSub port: answers signatureSubscribe with a subscription id
// and then a notification, and records every message it receives.
async function startFakePubsub(port: number) {
  const received: unknown[] = [];
  const wss = new WebSocketServer({ host: '127.0.0.1', port });
  await new Promise((resolve) => wss.once('listening', resolve));
  wss.on('connection', (socket, request) => {
    socket.on('message', (data) => {
      const msg = JSON.parse(data.toString()) as { id: number; method: string };
      received.push({ ...msg, path: request.url });
      if (msg.method === 'signatureSubscribe') {
        socket.send(JSON.stringify({ jsonrpc: '2.0', result: 42, id: msg.id }));
        socket.send(JSON.stringify({ jsonrpc: '2.0', method: 'signatureNotification', params: { result: { context: { slot: 5 }, value: { err: null } }, subscription: 42 } }));
      }
    });
  });
  return { received, close: () => new Promise<void>((resolve) => { for (const c of wss.clients) c.terminate(); wss.close(() => resolve()); }) };
}

function open(url: string) {
  const socket = new WebSocket(url);
  const messages: unknown[] = [];
  socket.on('message', (data) => messages.push(JSON.parse(data.toString())));
  const next = async (count: number) => {
    const deadline = Date.now() + 10_000;
    while (messages.length < count) {
      if (Date.now() > deadline) throw new Error(`expected ${count} messages, got ${JSON.stringify(messages)}`);
      await new Promise((r) => setTimeout(r, 10));
    }
    return messages.slice(0, count);
  };
  return { socket, messages, next, ready: new Promise((resolve, reject) => { socket.once('open', resolve); socket.once('error', reject); }) };
}

const subscribe = { jsonrpc: '2.0', id: 1, method: 'signatureSubscribe', params: ['5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW', { commitment: 'confirmed' }] };

describe('PubSub websocket relayed to the cluster', () => {
  let upstreamRpcPort: number;
  let fake: Awaited<ReturnType<typeof startFakePubsub>>;
  let t: TestApp;
  let port: number;

  beforeAll(async () => {
    // The gateway derives ws://127.0.0.1:<rpc port + 1>/rpc from the RPC URL, as web3.js does.
    upstreamRpcPort = await freePort();
    fake = await startFakePubsub(upstreamRpcPort + 1);
    t = await createTestApp({ SOLANA_RPC_URL: `http://127.0.0.1:${upstreamRpcPort}/rpc`, SOLANA_CLUSTER: 'devnet' });
    port = await freePort();
    await t.app.listen({ host: '127.0.0.1', port });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('derives the PubSub URL the way web3.js does', () => {
    expect(pubsubUrlFor('http://localhost:8787/api/rpc')).toBe('ws://localhost:8788/api/rpc');
    expect(pubsubUrlFor('https://mainnet.helius-rpc.com/?api-key=k')).toBe('wss://mainnet.helius-rpc.com/?api-key=k');
    expect(pubsubUrlFor('https://rpc.example.com:8899')).toBe('wss://rpc.example.com:8900');
  });

  for (const where of ['an upgrade on /api/rpc', 'the PORT+1 listener'] as const) {
    it(`relays subscriptions and their notifications through ${where}`, async () => {
      const url = where === 'the PORT+1 listener' ? `ws://127.0.0.1:${port + 1}/api/rpc` : `ws://127.0.0.1:${port}/api/rpc`;
      const client = open(url);
      await client.ready;
      fake.received.length = 0;
      client.socket.send(JSON.stringify(subscribe));
      expect(await client.next(2)).toEqual([
        { jsonrpc: '2.0', result: 42, id: 1 },
        { jsonrpc: '2.0', method: 'signatureNotification', params: { result: { context: { slot: 5 }, value: { err: null } }, subscription: 42 } },
      ]);
      expect(fake.received).toEqual([{ ...subscribe, path: '/rpc' }]);
      client.socket.close();
    });
  }

  it('uses SOLANA_WS_URL when it is set instead of deriving one', async () => {
    const app = Fastify();
    const env = { ...t.services.env, SOLANA_RPC_URL: 'http://127.0.0.1:1/elsewhere', SOLANA_WS_URL: `ws://127.0.0.1:${upstreamRpcPort + 1}/explicit` };
    await app.register(createGatewayRoutes(), { prefix: '/api', services: { ...t.services, env } });
    try {
      const appPort = await freePort();
      await app.listen({ host: '127.0.0.1', port: appPort });
      const client = open(`ws://127.0.0.1:${appPort}/api/rpc`);
      await client.ready;
      fake.received.length = 0;
      client.socket.send(JSON.stringify(subscribe));
      await client.next(1);
      expect(fake.received).toEqual([{ ...subscribe, path: '/explicit' }]);
      client.socket.close();
    } finally {
      await app.close();
    }
  });

  it("answers non-subscription calls with 'Method not allowed' and drops web3.js pings", async () => {
    const client = open(`ws://127.0.0.1:${port}/api/rpc`);
    await client.ready;
    fake.received.length = 0;
    client.socket.send(JSON.stringify({ jsonrpc: '2.0', method: 'ping', params: null }));
    client.socket.send(JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'requestAirdrop', params: [] }));
    client.socket.send(JSON.stringify({ ...subscribe, id: 10 }));
    const messages = await client.next(3);
    expect(messages[0]).toEqual({ jsonrpc: '2.0', error: { code: -32601, message: 'Method not allowed' }, id: 9 });
    expect(messages[1]).toEqual({ jsonrpc: '2.0', result: 42, id: 10 });
    expect(fake.received.map((m) => (m as { method: string }).method)).toEqual(['signatureSubscribe']);
    client.socket.close();
  });

  it('closes the browser socket when the cluster endpoint is unreachable', async () => {
    const listenerPort = await freePort();
    const limits = { maxSubscriptions: 10, admitCall: () => undefined, pump: pumpOptionsFor({ max: 10, windowMs: 1000 }, Date.now) };
    const listener = await listenPubsubPort({
      host: '127.0.0.1', port: listenerPort, admission: new PubsubAdmission({ maxPerClient: 5 }), proxies: false,
      serve: (socket, ip) => proxyPubsub(socket, ip, 'ws://127.0.0.1:1/rpc', limits, t.services.log),
    });
    try {
      const client = open(`ws://127.0.0.1:${listenerPort}/`);
      await client.ready;
      const closed = await new Promise<{ code: number; reason: string }>((resolve) => {
        client.socket.once('close', (code, reason) => resolve({ code, reason: reason.toString() }));
      });
      expect(closed).toEqual({ code: 1011, reason: 'RPC error: connection failed' });
    } finally {
      await listener.close();
    }
  });
});

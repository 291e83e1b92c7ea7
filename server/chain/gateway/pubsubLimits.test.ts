import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocketServer } from 'ws';
import { freePort } from '../../../e2e/server';
import { ipBlocks } from '../../db/schema';
import { BLOCKED_MESSAGE } from '../../security/ipBlockGuard';
import { createTestApp, type TestApp } from '../../testing/app';
import { openPubsub, refusedUpgrade } from '../../testing/pubsubClient';

type Call = { id: number; method: string; params?: unknown[] };

// A cluster's PubSub port: numbers each subscription, confirms unsubscribes, and records every call.
async function startFakeCluster(port: number) {
  const received: Call[] = [];
  let nextSubscription = 100;
  const wss = new WebSocketServer({ host: '127.0.0.1', port });
  await new Promise((resolve) => wss.once('listening', resolve));
  wss.on('connection', (socket) => {
    socket.on('message', (data) => {
      const call = JSON.parse(data.toString()) as Call;
      received.push(call);
      const result = call.method.endsWith('Unsubscribe') ? true : nextSubscription++;
      socket.send(JSON.stringify({ jsonrpc: '2.0', result, id: call.id }));
    });
  });
  return { received, close: () => new Promise<void>((resolve) => { for (const c of wss.clients) c.terminate(); wss.close(() => resolve()); }) };
}

describe('cluster PubSub relay: the same caps, checked before anything is relayed', () => {
  let fake: Awaited<ReturnType<typeof startFakeCluster>>;
  let t: TestApp;
  let port: number;
  let urls: string[];
  const from = (ip: string) => ({ 'x-forwarded-for': ip });
  const relayed = (method?: string) => fake.received.filter((c) => !method || c.method === method).length;
  const account = '11111111111111111111111111111111';

  beforeAll(async () => {
    const upstreamRpcPort = await freePort();
    fake = await startFakeCluster(upstreamRpcPort + 1);
    t = await createTestApp({
      SOLANA_RPC_URL: `http://127.0.0.1:${upstreamRpcPort}/rpc`, SOLANA_CLUSTER: 'devnet', TRUST_PROXY: 'loopback',
      PUBSUB_MAX_SUBSCRIPTIONS_PER_CONNECTION: '3', PUBSUB_MAX_CONNECTIONS_PER_CLIENT: '2',
    });
    port = await freePort();
    await t.app.listen({ host: '127.0.0.1', port });
    urls = [`ws://127.0.0.1:${port}/api/rpc`, `ws://127.0.0.1:${port + 1}/`];
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('refuses a subscription over the per-connection cap without relaying it; an unsubscribe frees a place', async () => {
    const client = await openPubsub(urls[0], from('203.0.113.60'));
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push((await client.request('accountSubscribe', [account])).result);
    expect(ids).toEqual([expect.any(Number), expect.any(Number), expect.any(Number)]);
    const before = relayed();
    expect((await client.request('slotSubscribe')).error).toEqual({ code: -32603, message: 'Too many subscriptions on this connection (limit 3)' });
    expect(relayed()).toBe(before);
    expect((await client.request('accountUnsubscribe', [ids[0]])).result).toBe(true);
    expect(typeof (await client.request('slotSubscribe')).result).toBe('number');
    client.close();
  });

  it('counts websocket calls against the HTTP rate of the address and relays none over it', async () => {
    const address = '203.0.113.61';
    const client = await openPubsub(urls[1], from(address));
    // Refused calls count too, as over HTTP: ten of them use up the 10 per 5 s.
    for (let i = 0; i < 10; i++) expect((await client.request('getSlot')).error?.code).toBe(-32601);
    const before = relayed();
    expect((await client.request('slotSubscribe')).error).toEqual({ code: 429, message: 'Too many requests: the limit is 10 requests per 5 seconds' });
    expect(relayed()).toBe(before);
    const overHttp = await fetch(`http://127.0.0.1:${port}/api/rpc`, { method: 'POST', headers: from(address), body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getSlot' }) });
    expect(overHttp.status).toBe(429);
    client.close();
  });

  it('refuses a third socket of one address on either port with 429', async () => {
    const address = '203.0.113.62';
    const open = [await openPubsub(urls[0], from(address)), await openPubsub(urls[1], from(address))];
    for (const url of urls) {
      expect(await refusedUpgrade(url, from(address))).toMatchObject({ status: 429, body: { error: 'Too many PubSub connections from this address (limit 2)' } });
    }
    for (const socket of open) socket.close();
  });

  it('refuses a blocked address on both ports and closes its relayed sockets', async () => {
    const address = '203.0.113.63';
    const sockets = await Promise.all(urls.map((url) => openPubsub(url, from(address))));
    const started = performance.now();
    await t.services.db.insert(ipBlocks).values({ address, blockedByUsername: 'test' });
    for (const socket of sockets) expect(await socket.closed).toEqual({ code: 1008, reason: BLOCKED_MESSAGE });
    expect(performance.now() - started).toBeLessThan(2000);
    for (const url of urls) expect(await refusedUpgrade(url, from(address))).toMatchObject({ status: 403, body: { error: BLOCKED_MESSAGE } });
  });
});

describe("a fleet's relay to its own ledger process (localnet): subscribes count under the PubSub caps, not the call rate", () => {
  let fake: Awaited<ReturnType<typeof startFakeCluster>>;
  let t: TestApp;
  let url: string;
  const from = (ip: string) => ({ 'x-forwarded-for': ip });

  beforeAll(async () => {
    const upstreamRpcPort = await freePort();
    fake = await startFakeCluster(upstreamRpcPort + 1);
    t = await createTestApp({
      SOLANA_RPC_URL: `http://127.0.0.1:${upstreamRpcPort}/rpc`, SOLANA_CLUSTER: 'localnet', TRUST_PROXY: 'loopback',
      PUBSUB_MAX_SUBSCRIPTIONS_PER_CONNECTION: '3', RPC_RATE_LIMIT: '20',
    });
    const port = await freePort();
    await t.app.listen({ host: '127.0.0.1', port });
    url = `ws://127.0.0.1:${port}/api/rpc`;
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('relays many more subscribe and unsubscribe rounds than the call rate allows, the per-connection cap still holding, other calls still counted', async () => {
    const client = await openPubsub(url, from('203.0.113.70'));
    // Twenty calls per window is this fleet's rate: 25 signature confirmations by subscription, each a subscribe and an
    // unsubscribe (the connection's message budget is sized by the rate and the subscription cap: 86 here).
    for (let i = 0; i < 25; i++) {
      const id = (await client.request('signatureSubscribe', ['1111111111111111111111111111111111111111111111111111111111111111'])).result;
      expect(typeof id, `round ${i}`).toBe('number');
      expect((await client.request('signatureUnsubscribe', [id])).result).toBe(true);
    }
    expect(fake.received.filter((c) => c.method === 'signatureSubscribe')).toHaveLength(25);
    for (let i = 0; i < 3; i++) expect(typeof (await client.request('slotSubscribe')).result).toBe('number');
    expect((await client.request('slotSubscribe')).error).toEqual({ code: -32603, message: 'Too many subscriptions on this connection (limit 3)' });
    // A call PubSub does not serve still counts against the address's rate.
    const codes: (number | undefined)[] = [];
    for (let i = 0; i < 21; i++) codes.push((await client.request('getSlot')).error?.code);
    expect(codes.slice(0, 20).every((c) => c === -32601)).toBe(true);
    expect(codes[20]).toBe(429);
    client.close();
  });
});

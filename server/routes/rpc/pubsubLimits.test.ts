import { randomBytes } from 'node:crypto';
import bs58 from 'bs58';
import { Keypair, LAMPORTS_PER_SOL } from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { ipBlocks } from '../../db/schema';
import { BLOCKED_MESSAGE } from '../../security/ipBlockGuard';
import { openPubsub, refusedUpgrade, type PubsubMessage } from '../../testing/pubsubClient';
import { startRpcTestApp, type RpcTestApp } from '../../testing/rpcClients';
import { localPubsubOf } from './rpc';

const TOO_MANY_SUBSCRIPTIONS = { code: -32603, message: 'Too many subscriptions on this connection (limit 1000)' };
const from = (ip: string) => ({ 'x-forwarded-for': ip });

async function timedHealth(url: string): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${url}/api/health`);
  await res.text();
  expect(res.status).toBe(200);
  return performance.now() - started;
}

describe('local PubSub caps, block list and fan-out (TRUST_PROXY loopback)', () => {
  let t: RpcTestApp;
  let http: string;
  let urls: string[];

  beforeAll(async () => {
    // The call rate is out of the way here (its own test below): these are the other caps.
    t = await startRpcTestApp({ TRUST_PROXY: 'loopback', RPC_RATE_LIMIT: '1000000' });
    http = t.baseUrl;
    urls = [t.wsUrl, t.pubsubUrl];
  });
  afterAll(async () => { await t?.close(); });

  it('refuses the 1,001st subscription of a 12,000-call flood while /api/health keeps answering', async () => {
    const client = await openPubsub(urls[0], from('203.0.113.10'));
    const answers = new Map<number, PubsubMessage>();
    client.socket.on('message', (data) => {
      const m = JSON.parse(data.toString()) as PubsubMessage;
      if (m.id !== undefined) answers.set(m.id, m);
    });
    const FLOOD = 12_000;
    for (let id = 1; id <= FLOOD; id++) {
      const signature = bs58.encode(randomBytes(64));
      client.socket.send(JSON.stringify({ jsonrpc: '2.0', id, method: 'signatureSubscribe', params: [signature, { commitment: 'confirmed' }] }));
    }
    const latencies: number[] = [];
    while (answers.size < FLOOD) {
      latencies.push(await timedHealth(http));
      await new Promise((r) => setTimeout(r, 50));
    }
    // Health was asked while the flood was being handled, and never waited behind it.
    expect(latencies.length).toBeGreaterThan(0);
    expect(Math.max(...latencies)).toBeLessThan(1000);
    for (let id = 1; id <= 1000; id++) expect(typeof answers.get(id)?.result, `call ${id}`).toBe('number');
    for (let id = 1001; id <= FLOOD; id++) expect(answers.get(id)?.error, `call ${id}`).toEqual(TOO_MANY_SUBSCRIPTIONS);

    // An unsubscribe frees a place; the next subscribe takes it, the one after is refused again.
    const first = answers.get(1)!.result as number;
    expect((await client.request('signatureUnsubscribe', [first])).result).toBe(true);
    expect(typeof (await client.request('slotSubscribe')).result).toBe('number');
    expect((await client.request('slotSubscribe')).error).toEqual(TOO_MANY_SUBSCRIPTIONS);
    client.close();
    await client.closed;
  });

  it('refuses the 21st socket of one address on either port (both counted together) with 429', async () => {
    const address = '203.0.113.20';
    const open = [];
    for (let i = 0; i < 20; i++) open.push(await openPubsub(urls[i % 2], from(address)));
    for (const url of urls) {
      const refused = await refusedUpgrade(url, from(address));
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({ error: 'Too many PubSub connections from this address (limit 20)' });
      expect(refused.headers['retry-after']).toBe('5');
    }
    // Another address is not affected, and a closed socket frees its place.
    const other = await openPubsub(urls[1], from('203.0.113.21'));
    other.close();
    open[0].close();
    await open[0].closed;
    const again = await retryOpen(urls[1], from(address));
    for (const socket of [...open.slice(1), again]) socket.close();
  });

  it('refuses a blocked address on both ports and closes its open sockets within a second or so', async () => {
    const address = '203.0.113.30';
    const sockets = await Promise.all(urls.map((url) => openPubsub(url, from(address))));
    const bystander = await openPubsub(urls[1], from('203.0.113.31'));
    const started = performance.now();
    await t.services.db.insert(ipBlocks).values({ address, blockedByUsername: 'test' });
    // No NOTIFY: the list's poll finds the row, as in a process that missed the event.
    for (const socket of sockets) expect(await socket.closed).toEqual({ code: 1008, reason: BLOCKED_MESSAGE });
    expect(performance.now() - started).toBeLessThan(2000);
    expect(bystander.socket.readyState).toBe(WebSocket.OPEN);

    for (const url of urls) {
      expect(await refusedUpgrade(url, from(address))).toMatchObject({ status: 403, body: { error: BLOCKED_MESSAGE } });
      // The client's own X-Forwarded-For entry is never its address: our proxy appends the real one.
      expect(await refusedUpgrade(url, from(`198.51.100.5, ${address}`))).toMatchObject({ status: 403 });
      const forged = await openPubsub(url, from(`${address}, 198.51.100.5`));
      forged.close();
    }
    bystander.close();
  });

  it('sends a commit to 5,000 subscribers of one account a slice at a time, each in commit order', async () => {
    const account = Keypair.generate().publicKey;
    const clients = await Promise.all(Array.from({ length: 5 }, (_, i) => openPubsub(urls[i % 2], from(`203.0.113.${40 + i}`))));
    for (const client of clients) {
      const ids = await Promise.all(Array.from({ length: 1000 }, () => client.request('accountSubscribe', [account.toBase58(), { encoding: 'base64', commitment: 'confirmed' }])));
      expect(ids.every((m) => typeof m.result === 'number')).toBe(true);
    }
    const pubsub = localPubsubOf(t.services)!;
    const ledger = t.services.chain.ledger!;
    const queuedAtNextTurn: number[] = [];
    // Registered after the PubSub's own listener: runs once the commit's fan-out has started.
    const watch = () => { setImmediate(() => queuedAtNextTurn.push(pubsub.pendingNotifications)); };
    ledger.on('committed', watch);
    try {
      await t.services.chain.connection.requestAirdrop(account, LAMPORTS_PER_SOL);
      await t.services.chain.connection.requestAirdrop(account, LAMPORTS_PER_SOL);
      const deadline = Date.now() + 30_000;
      while (clients.some((c) => c.notifications.length < 2000) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    } finally {
      ledger.off('committed', watch);
    }
    // A timer ran while thousands of the commit's notifications were still waiting to go out.
    expect(Math.max(...queuedAtNextTurn)).toBeGreaterThan(1000);
    for (const client of clients) {
      expect(client.notifications).toHaveLength(2000);
      const bySubscription = new Map<number, number[]>();
      for (const n of client.notifications) {
        const seen = bySubscription.get(n.params!.subscription) ?? [];
        seen.push(n.params!.result.value.lamports);
        bySubscription.set(n.params!.subscription, seen);
      }
      expect(bySubscription.size).toBe(1000);
      for (const lamports of bySubscription.values()) expect(lamports).toEqual([LAMPORTS_PER_SOL, 2 * LAMPORTS_PER_SOL]);
      client.close();
    }
  });
});

describe('PubSub subscribes and the RPC call rate', () => {
  let t: RpcTestApp;
  // The caps as configured below: RPC_RATE_LIMIT's default 300 calls per 10 s, 10 subscriptions a connection.
  const RATE = 300;
  const MAX_SUBSCRIPTIONS = 10;
  const getSlot = (ip: string, calls: number) => fetch(t.rpcUrl, {
    method: 'POST', headers: { 'content-type': 'application/json', ...from(ip) },
    body: JSON.stringify(Array.from({ length: calls }, (_, i) => ({ jsonrpc: '2.0', id: i, method: 'getSlot' }))),
  });

  beforeAll(async () => {
    t = await startRpcTestApp({ TRUST_PROXY: 'loopback', PUBSUB_MAX_SUBSCRIPTIONS_PER_CONNECTION: String(MAX_SUBSCRIPTIONS), LEDGER_SLOT_MS: '50' });
  });
  afterAll(async () => { await t?.close(); });

  it('counts subscribes under the per-connection cap, not the HTTP rate: 500 signatureSubscribe/Unsubscribe rounds in one window, the 11th open subscription refused, HTTP still at 300 calls per 10 s', async () => {
    const ip = '203.0.113.50';
    const client = await openPubsub(t.pubsubUrl, from(ip));
    const started = Date.now();
    for (let i = 0; i < 500; i++) {
      const signature = bs58.encode(randomBytes(64));
      const subscribed = await client.request('signatureSubscribe', [signature, { commitment: 'confirmed' }]);
      expect(typeof subscribed.result, `subscribe ${i}`).toBe('number');
      expect((await client.request('signatureUnsubscribe', [subscribed.result])).result, `unsubscribe ${i}`).toBe(true);
    }
    // All within one window of the rate: 500 subscribes, over the 300 calls it allows.
    expect(Date.now() - started).toBeLessThan(10_000);

    const open = [];
    for (let i = 0; i < MAX_SUBSCRIPTIONS; i++) open.push((await client.request('accountSubscribe', [Keypair.generate().publicKey.toBase58()])).result);
    expect(open.every((id) => typeof id === 'number')).toBe(true);
    expect((await client.request('slotSubscribe')).error).toEqual({ code: -32603, message: `Too many subscriptions on this connection (limit ${MAX_SUBSCRIPTIONS})` });
    // A made slot subscription would be notified every 50 ms.
    await new Promise((r) => setTimeout(r, 300));
    expect(client.notifications.filter((m) => m.method === 'slotNotification')).toEqual([]);

    // The subscribes took none of this address's HTTP calls: all 300 are left, then 429 as before.
    for (let i = 0; i < RATE / 100; i++) expect((await getSlot(ip, 100)).status).toBe(200);
    const over = await getSlot(ip, 1);
    expect(over.status).toBe(429);
    expect(over.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await over.json()).toEqual({ jsonrpc: '2.0', error: { code: 429, message: 'The requests per second (RPS) of your requests are higher than your plan allows.' }, id: null });

    // Over the HTTP rate, the socket still subscribes (a place freed first); a call PubSub does not serve counts as an HTTP one, and is refused.
    expect((await client.request('accountUnsubscribe', [open[0]])).result).toBe(true);
    expect(typeof (await client.request('slotSubscribe')).result).toBe('number');
    const refused = await client.request('getSlot');
    expect(refused).toEqual({ jsonrpc: '2.0', error: { code: 429, message: 'The requests per second (RPS) of your requests are higher than your plan allows.' }, id: refused.id });
    client.close();
    await client.closed;
  });

  it('closes a connection that sends more messages in a window than its caps leave room for', async () => {
    const client = await openPubsub(t.wsUrl, from('203.0.113.51'));
    // Twice the rate, plus a subscribe and an unsubscribe for each call of the rate and each place: 1,220.
    const budget = 2 * RATE + 2 * RATE + 2 * MAX_SUBSCRIPTIONS;
    for (let i = 0; i <= budget; i++) client.socket.send(JSON.stringify({ jsonrpc: '2.0', method: 'ping' }));
    expect(await client.closed).toEqual({ code: 1008, reason: 'Too many messages' });
  });
});

/** Opens once the server has seen an earlier socket's close (a place frees on the TCP close). */
async function retryOpen(url: string, headers: Record<string, string>) {
  for (let attempt = 0; ; attempt++) {
    try {
      return await openPubsub(url, headers);
    } catch (err) {
      if (attempt >= 20) throw err;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

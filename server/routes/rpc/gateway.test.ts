import Fastify from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakeRpc } from '../../chain/gateway/testing/fakeCluster';
import { installErrorHandling } from '../../http/errors';
import { createTestApp, type TestApp } from '../../testing/app';
import { createGatewayRoutes } from './gateway';

const call = (method: string, id: number | string = 1, params: unknown[] = []) => ({ jsonrpc: '2.0', id, method, params });

let upstream: Awaited<ReturnType<typeof startFakeRpc>>;
let t: TestApp;

beforeAll(async () => {
  upstream = await startFakeRpc();
  t = await createTestApp({ SOLANA_RPC_URL: upstream.url, SOLANA_CLUSTER: 'devnet' });
});
afterAll(async () => {
  await t?.close();
  await upstream?.close();
});
afterEach(() => { upstream.received.length = 0; upstream.script.length = 0; });

describe('POST /api/rpc on a real cluster (gateway)', () => {
  let ip = 0;
  // A fresh client address per test keeps the per-client limit out of unrelated tests.
  const post = (body: unknown, remoteAddress = `10.0.0.${ip}`) => t.app.inject({
    method: 'POST', url: '/api/rpc', remoteAddress,
    headers: { 'content-type': 'application/json', origin: 'https://explorer.solana.com' },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });

  afterEach(() => { ip += 1; });

  it('forwards an allowed call to the provider URL and returns its answer as is', async () => {
    upstream.script.push({ status: 200, body: { jsonrpc: '2.0', result: { context: { slot: 9 }, value: 5000 }, id: 7 } });
    const res = await post(call('getBalance', 7, ['11111111111111111111111111111111']));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ jsonrpc: '2.0', result: { context: { slot: 9 }, value: 5000 }, id: 7 });
    expect(upstream.received).toHaveLength(1);
    expect(JSON.parse(upstream.received[0].body)).toEqual(call('getBalance', 7, ['11111111111111111111111111111111']));
    expect(upstream.received[0].url).toBe('/rpc?api-key=provider-secret');
    expect(res.body).not.toContain('provider-secret');
    expect(res.headers['access-control-allow-origin']).toBe('*');
  });

  it('passes the provider\'s bytes through (u64 numbers above 2^53 keep every digit)', async () => {
    upstream.script.push({ status: 200, body: '{"jsonrpc":"2.0","result":{"value":18446744073709551615},"id":2}' });
    const res = await post(call('getTokenSupply', 2));
    expect(res.body).toBe('{"jsonrpc":"2.0","result":{"value":18446744073709551615},"id":2}');
    expect(res.headers['content-type']).toMatch(/^application\/json/);
  });

  it("answers methods outside the allow-list (requestAirdrop included) with -32601 'Method not allowed'", async () => {
    // Cluster methods whose answers are large or costly to the provider stay local-only.
    for (const method of ['requestAirdrop', 'getBlock', 'getBlocks', 'getClusterNodes', 'getSupply', 'getLargestAccounts', 'getLeaderSchedule', 'getVoteAccounts', 'getInflationReward']) {
      const res = await post(call(method, 3));
      expect(res.json()).toEqual({ jsonrpc: '2.0', error: { code: -32601, message: 'Method not allowed' }, id: 3 });
    }
    expect(upstream.received).toHaveLength(0);
  });

  it('forwards the bounded cluster methods (block time, priority fees, inflation, slot leader, stake minimum, performance samples, token accounts by delegate)', async () => {
    const methods = [
      'getBlockTime', 'getRecentPrioritizationFees', 'getFirstAvailableBlock', 'getGenesisHash', 'getInflationGovernor', 'getInflationRate',
      'getSlotLeader', 'getStakeMinimumDelegation', 'getRecentPerformanceSamples', 'getTokenAccountsByDelegate',
    ];
    // Over the 10-call window for one address: each call from its own.
    for (const [i, method] of methods.entries()) expect((await post(call(method, 5), `10.1.0.${i}`)).json()).toEqual({ jsonrpc: '2.0', result: { echoed: method }, id: 5 });
    expect(upstream.received.map((r) => (JSON.parse(r.body) as { method: string }).method)).toEqual(methods);
  });

  it('checks batches item by item, forwards only allowed calls and keeps positions', async () => {
    const res = await post([call('getSlot', 1), call('requestAirdrop', 2), call('getLatestBlockhash', 'x'), { jsonrpc: '2.0', id: 4 }]);
    expect(res.json()).toEqual([
      { jsonrpc: '2.0', result: { echoed: 'getSlot' }, id: 1 },
      { jsonrpc: '2.0', error: { code: -32601, message: 'Method not allowed' }, id: 2 },
      { jsonrpc: '2.0', result: { echoed: 'getLatestBlockhash' }, id: 'x' },
      { jsonrpc: '2.0', error: { code: -32600, message: 'Invalid request' }, id: 4 },
    ]);
    expect(JSON.parse(upstream.received[0].body).map((c: { method: string }) => c.method)).toEqual(['getSlot', 'getLatestBlockhash']);
  });

  it('answers bad JSON with -32700 and an empty batch with -32600', async () => {
    expect((await post('{"jsonrpc":')).json()).toEqual({ jsonrpc: '2.0', error: { code: -32700, message: 'Parse error' }, id: null });
    expect((await post([])).json()).toEqual({ jsonrpc: '2.0', error: { code: -32600, message: 'Invalid request' }, id: null });
    expect(upstream.received).toHaveLength(0);
  });

  it("turns an upstream failure into a JSON-RPC error 'RPC error: {status}'", async () => {
    upstream.script.push({ status: 502, body: 'Bad Gateway' });
    const res = await post(call('getSlot', 11));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ jsonrpc: '2.0', error: { code: -32603, message: 'RPC error: 502' }, id: 11 });

    upstream.script.push({ status: 500, body: 'oops' });
    const batch = await post([call('getSlot', 1), call('getHealth', 2)]);
    expect(batch.json()).toEqual([
      { jsonrpc: '2.0', error: { code: -32603, message: 'RPC error: 500' }, id: 1 },
      { jsonrpc: '2.0', error: { code: -32603, message: 'RPC error: 500' }, id: 2 },
    ]);
  });

  it("answers 'RPC error: invalid response' when the provider's 200 is not JSON, forwarded whole or read item by item", async () => {
    const invalid = (id: number) => ({ jsonrpc: '2.0', error: { code: -32603, message: 'RPC error: invalid response' }, id });
    upstream.script.push({ status: 200, body: '<html><body>Service unavailable</body></html>' });
    expect((await post(call('getSlot', 21))).json()).toEqual(invalid(21));
    upstream.script.push({ status: 200, body: '' });
    expect((await post([call('getSlot', 22), call('getHealth', 23)])).json()).toEqual([invalid(22), invalid(23)]);
    // A batch with a refused item is read item by item: a body framed as JSON that does not parse is invalid too.
    upstream.script.push({ status: 200, body: '{"jsonrpc": broken}' });
    expect((await post([call('getSlot', 24), call('requestAirdrop', 25)])).json()).toEqual([
      invalid(24), { jsonrpc: '2.0', error: { code: -32601, message: 'Method not allowed' }, id: 25 },
    ]);
  });

  it('limits each client to 10 calls per 5 s with a clear 429, then lets it in again', async () => {
    const client = '192.0.2.10';
    for (let i = 0; i < 10; i++) expect((await post(call('getSlot', i), client)).statusCode).toBe(200);
    const limited = await post(call('getSlot', 99), client);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      jsonrpc: '2.0', error: { code: 429, message: 'Too many requests: the limit is 10 requests per 5 seconds' }, id: 99,
    });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(limited.headers['access-control-allow-origin']).toBe('*');
    expect(upstream.received).toHaveLength(10);
    // Another client is not affected.
    expect((await post(call('getSlot', 1), '192.0.2.11')).statusCode).toBe(200);
    // Once the window has passed (time moved, not waited), the client is served again.
    const realNow = t.services.now;
    t.services.now = () => new Date(realNow().getTime() + 5_001);
    try {
      expect((await post(call('getSlot', 100), client)).statusCode).toBe(200);
    } finally {
      t.services.now = realNow;
    }
  });

  it('counts every call of a batch against the limit', async () => {
    const res = await post(Array.from({ length: 11 }, (_, i) => call('getSlot', i)), '192.0.2.20');
    expect(res.statusCode).toBe(429);
    expect(upstream.received).toHaveLength(0);
  });

  it('answers the CORS preflight of a cross-origin POST', async () => {
    const res = await t.app.inject({
      method: 'OPTIONS', url: '/api/rpc',
      headers: { origin: 'https://explorer.solana.com', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type,solana-client' },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['access-control-allow-methods']).toBe('POST, OPTIONS');
    expect(res.headers['access-control-allow-headers']).toBe('content-type,solana-client');
  });
});

describe('gateway upstream retries and failures', () => {
  const apps: { close: () => Promise<unknown> }[] = [];

  afterAll(async () => {
    for (const app of apps) await app.close();
  });

  async function gatewayApp(rpcUrl: string, rateLimitWaitMs: number) {
    const services = { ...t.services, env: { ...t.services.env, SOLANA_RPC_URL: rpcUrl } };
    const app = Fastify();
    installErrorHandling(app);
    await app.register(createGatewayRoutes({ rateLimitWaitMs }), { prefix: '/api', services });
    apps.push(app);
    return (body: unknown) => app.inject({ method: 'POST', url: '/api/rpc', headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) });
  }

  it('waits out an upstream 429 and retries once', async () => {
    const post = await gatewayApp(upstream.url, 300);
    upstream.script.push({ status: 429, body: { jsonrpc: '2.0', error: { code: 429, message: 'Too many requests' }, id: 1 } });
    const res = await post(call('getSlot', 1));
    expect(res.json()).toEqual({ jsonrpc: '2.0', result: { echoed: 'getSlot' }, id: 1 });
    expect(upstream.received).toHaveLength(2);
    expect(upstream.received[1].at - upstream.received[0].at).toBeGreaterThanOrEqual(290);
  });

  it("gives up after the one retry with 'RPC error: 429'", async () => {
    const post = await gatewayApp(upstream.url, 10);
    upstream.script.push({ status: 429 }, { status: 429 });
    expect((await post(call('getSlot', 5))).json()).toEqual({ jsonrpc: '2.0', error: { code: -32603, message: 'RPC error: 429' }, id: 5 });
    expect(upstream.received).toHaveLength(2);
  });

  it("reports an unreachable provider as 'RPC error: connection failed'", async () => {
    const dead = await startFakeRpc();
    await dead.close();
    const post = await gatewayApp(dead.url, 10);
    expect((await post(call('getSlot', 6))).json()).toEqual({ jsonrpc: '2.0', error: { code: -32603, message: 'RPC error: connection failed' }, id: 6 });
  });

  it('registers nothing in local mode', async () => {
    const app = Fastify();
    const local = { ...t.services, env: { ...t.services.env, localMode: true, SOLANA_RPC_URL: undefined } };
    await app.register(createGatewayRoutes(), { prefix: '/api', services: local });
    apps.push(app);
    expect((await app.inject({ method: 'POST', url: '/api/rpc', payload: call('getSlot') })).statusCode).toBe(404);
  });
});

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createExternalMarketData, FAILURE_BACKOFF_MS } from './index';

const TOKEN = 'So11111111111111111111111111111111111111112';
const POOL = '8sLbNZoA1cfnvMJLPfp98ZLAnFSYCFApfJKMbiXNLwxj';

// A DexScreener pair and a Birdeye overview as those APIs shape them (numbers sometimes as strings).
const PAIR = {
  schemaVersion: '1.0.0',
  pairs: [{
    chainId: 'solana', pairAddress: POOL, baseToken: { address: TOKEN, symbol: 'CMINT' }, priceUsd: '0.001234',
    fdv: 1234000, marketCap: 1200000, priceChange: { m5: 0.5, h1: -1.2, h6: 3.4, h24: -7.89 },
    volume: { h24: 45678.9, h6: 1000, h1: 200, m5: 0 }, liquidity: { usd: 99000 }, info: { imageUrl: 'https://img.example/cmint.png' },
  }],
};
const OVERVIEW = { success: true, data: { price: 0.0012, mc: 1190000, v24hUSD: 40000, holder: 4321, liquidity: 98000 } };

type Reply = { status: number; body?: unknown; headers?: Record<string, string> };
let replies: { dex: Reply[]; birdeye: Reply[] };
let requests: { path: string; headers: http.IncomingHttpHeaders }[];
let server: http.Server;
let base: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    requests.push({ path: req.url ?? '', headers: req.headers });
    const queue = req.url?.startsWith('/dex/') ? replies.dex : replies.birdeye;
    const reply = queue.length > 1 ? queue.shift()! : queue[0] ?? { status: 404 };
    res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
    res.end(reply.body === undefined ? '' : typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => { await new Promise((resolve) => server.close(resolve)); });
beforeEach(() => {
  replies = { dex: [{ status: 200, body: PAIR }], birdeye: [{ status: 200, body: OVERVIEW }] };
  requests = [];
});

function adapter(clock: { t: number }, extra: Partial<Parameters<typeof createExternalMarketData>[0]> = {}) {
  return createExternalMarketData({
    dexscreenerUrl: `${base}/dex`, birdeyeUrl: `${base}/birdeye`, birdeyeKey: 'test-key', retryWaitMs: 20, now: () => clock.t, ...extra,
  });
}

describe('external market data (DexScreener pairs, Birdeye overview)', () => {
  it('reads the pair and overview shapes into the page figures', async () => {
    const clock = { t: Date.parse('2026-01-01T00:00:00Z') };
    const figures = await adapter(clock).figures(TOKEN, POOL);
    expect(figures).toEqual({
      price: 0.001234, priceChange24h: -7.89, priceChange6h: 3.4, priceChange1h: -1.2, priceChange5m: 0.5, marketCap: 1200000, fdv: 1234000,
      volume24h: 45678.9, volume5m: 0, holders: 4321,
      supply: null, imageUrl: 'https://img.example/cmint.png', lastUpdated: '2026-01-01T00:00:00.000Z', source: 'dexscreener',
    });
    expect(requests.map((r) => r.path).sort()).toEqual([`/birdeye/defi/token_overview?address=${TOKEN}`, `/dex/latest/dex/pairs/solana/${POOL}`]);
    const birdeye = requests.find((r) => r.path.startsWith('/birdeye'))!;
    expect(birdeye.headers['x-api-key']).toBe('test-key');
    expect(birdeye.headers['x-chain']).toBe('solana');
  });

  it('caches DexScreener 20 minutes and Birdeye 30 minutes', async () => {
    const clock = { t: 0 };
    const a = adapter(clock);
    await a.figures(TOKEN, POOL);
    clock.t += 19 * 60_000;
    await a.figures(TOKEN, POOL);
    expect(requests).toHaveLength(2);
    clock.t += 2 * 60_000;
    await a.figures(TOKEN, POOL);
    expect(requests.map((r) => r.path.split('/')[1])).toEqual(expect.arrayContaining(['dex', 'birdeye']));
    expect(requests.filter((r) => r.path.startsWith('/dex'))).toHaveLength(2);
    expect(requests.filter((r) => r.path.startsWith('/birdeye'))).toHaveLength(1);
    clock.t += 10 * 60_000;
    await a.overview(TOKEN);
    expect(requests.filter((r) => r.path.startsWith('/birdeye'))).toHaveLength(2);
  });

  it('waits out a 429 and retries once', async () => {
    replies.dex = [{ status: 429, headers: { 'retry-after': '0' } }, { status: 200, body: PAIR }];
    const started = Date.now();
    const pair = await adapter({ t: 0 }).pair(POOL);
    expect(pair?.price).toBe(0.001234);
    expect(requests.filter((r) => r.path.startsWith('/dex'))).toHaveLength(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(15);
  });

  it('returns nothing for a non-OK answer, a second 429 or a body that is not the shape; the page gets nulls', async () => {
    replies.dex = [{ status: 429 }, { status: 429 }];
    replies.birdeye = [{ status: 500, body: { success: false } }];
    const figures = await adapter({ t: 0 }).figures(TOKEN, POOL);
    expect(figures).toMatchObject({
      price: null, marketCap: null, fdv: null, holders: null, volume24h: null, volume5m: null, source: null, lastUpdated: null,
      priceChange24h: null, priceChange6h: null, priceChange1h: null, priceChange5m: null,
    });
    expect(requests.filter((r) => r.path.startsWith('/dex'))).toHaveLength(2);
    replies.dex = [{ status: 200, body: 'not json' }];
    replies.birdeye = [{ status: 200, body: { success: false, data: null } }];
    expect(await adapter({ t: 0 }).figures(TOKEN, POOL)).toMatchObject({ price: null, holders: null });
  });

  it('keeps the last good values when a refresh fails, and backs off before asking again', async () => {
    const clock = { t: 0 };
    const a = adapter(clock);
    await a.figures(TOKEN, POOL);
    replies.dex = [{ status: 503 }];
    replies.birdeye = [{ status: 503 }];
    clock.t += 31 * 60_000;
    const stale = await a.figures(TOKEN, POOL);
    expect(stale).toMatchObject({ price: 0.001234, holders: 4321, lastUpdated: new Date(0).toISOString() });
    const count = requests.length;
    clock.t += FAILURE_BACKOFF_MS - 1;
    await a.figures(TOKEN, POOL);
    expect(requests).toHaveLength(count);
  });

  it('asks Birdeye at most 30 times a minute', async () => {
    const clock = { t: 0 };
    const a = adapter(clock);
    for (let i = 0; i < 40; i++) await a.overview(`token-${i}`);
    expect(requests.filter((r) => r.path.startsWith('/birdeye'))).toHaveLength(30);
    clock.t += 60_000;
    await a.overview('token-40');
    expect(requests.filter((r) => r.path.startsWith('/birdeye'))).toHaveLength(31);
  });
});

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { officialToken } from '../../db/schema';
import { createTestApp, type TestApp } from '../../testing/app';
import { configureClusterOfficialToken } from '../../official/launchOfficial';

// A fake DexScreener and Birdeye: the pool's pair answers, Birdeye fails (its holders fall back to nothing).
const TOKEN = 'So11111111111111111111111111111111111111112';
const POOL = '8sLbNZoA1cfnvMJLPfp98ZLAnFSYCFApfJKMbiXNLwxj';
let fake: http.Server;
let fakeUrl: string;
let dexStatus = 200;

describe('GET /api/official-token', () => {
  let t: TestApp;
  beforeAll(async () => {
    fake = http.createServer((req, res) => {
      if (req.url === `/latest/dex/pairs/solana/${POOL}` && dexStatus === 200) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ pairs: [{ baseToken: { address: TOKEN }, priceUsd: '0.0021', marketCap: 2100000, priceChange: { h24: 4.2 }, volume: { h24: 1234.5, m5: 0 } }] }));
        return;
      }
      res.writeHead(req.url?.startsWith('/latest') ? dexStatus : 500);
      res.end();
    });
    await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
    fakeUrl = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
    t = await createTestApp({ DEXSCREENER_API_URL: fakeUrl, BIRDEYE_API_URL: fakeUrl });
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => fake.close(resolve));
  });

  it('answers the seeded configuration: 10% tax split 2/2/3/3 and the four-phase roadmap', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/official-token' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ symbol: 'CMINT', totalTaxPercent: 10, totalTaxBps: 1000, refreshIntervalMs: 30000 });
    expect(body.tokenomics).toEqual([
      { label: 'Holder Rewards', percent: 20, taxPoints: 2 },
      { label: 'Buyback', percent: 20, taxPoints: 2 },
      { label: 'Charity Giveaways', percent: 30, taxPoints: 3 },
      { label: 'Platform', percent: 30, taxPoints: 3 },
    ]);
    expect(body.roadmap.map((p: { title: string; status: string }) => `${p.title}:${p.status}`))
      .toEqual(['Launch:completed', 'Growth:in-progress', 'Expansion:upcoming', 'Ecosystem:upcoming']);
    expect(body.roadmap.every((p: { items: string[] }) => p.items.length > 0)).toBe(true);
    expect(Object.keys(body.links).sort()).toEqual(['chart', 'createPool', 'dashboard', 'revenueShare', 'safety', 'trade']);
    expect(body.links.safety).toContain(body.tokenAddress);
  });

  it('market: a sample token not launched yet has no figures and nothing paid', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/official-token/market' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      price: null, marketCap: null, holders: null, volume24h: null, volume5m: null, source: null, burnedTokens: '0', distributionRuns: 0,
      paid: { 'Holder Rewards': { paidLamports: '0', latestSignature: null }, Platform: { paidLamports: '0', latestSignature: null } },
    });
  });

  it('market: a cluster token reads the market-data adapter; a failing API leaves the fallbacks (nulls)', async () => {
    // What the official-token job does with OFFICIAL_TOKEN_ADDRESS and OFFICIAL_POOL_ADDRESS.
    await configureClusterOfficialToken(t.services, TOKEN, POOL);
    const config = (await t.app.inject({ method: 'GET', url: '/api/official-token' })).json();
    expect(config).toMatchObject({ source: 'cluster', tokenAddress: TOKEN, poolAddress: POOL });
    expect(config.links.chart).toContain(POOL);
    expect(config.links.safety).toContain(TOKEN);
    const body = (await t.app.inject({ method: 'GET', url: '/api/official-token/market' })).json();
    expect(body).toMatchObject({ source: 'dexscreener', price: 0.0021, marketCap: 2100000, priceChange24h: 4.2, volume24h: 1234.5, volume5m: 0, holders: null });
    expect(Date.parse(body.lastUpdated)).toBeGreaterThan(0);
  });

  it('market: DexScreener answering non-OK from the start gives nothing', async () => {
    dexStatus = 503;
    const other = await createTestApp({ DEXSCREENER_API_URL: fakeUrl, BIRDEYE_API_URL: fakeUrl });
    try {
      await other.services.db.update(officialToken).set({ source: 'cluster', tokenAddress: TOKEN, poolAddress: POOL }).where(eq(officialToken.id, 1));
      const body = (await other.app.inject({ method: 'GET', url: '/api/official-token/market' })).json();
      expect(body).toMatchObject({ source: null, price: null, marketCap: null, holders: null, lastUpdated: null });
    } finally {
      await other.close();
    }
  });

  it('is a JSON 404 when the configuration row is missing', async () => {
    await t.services.db.delete(officialToken);
    const res = await t.app.inject({ method: 'GET', url: '/api/official-token' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'The official token is not configured' });
  });
});

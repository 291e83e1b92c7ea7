import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { officialToken } from '../../db/schema';
import { createTestApp, type TestApp } from '../../testing/app';
import { TOKEN_TOTAL_SUPPLY } from '../../../core/constants';
import { curvePools, curveTrades } from '../../db/schema';
import { buy, demoWallet, ensureSol } from '../../demo/market';
import { configureClusterOfficialToken, launchOfficialToken } from '../../official/launchOfficial';

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
        res.end(JSON.stringify({ pairs: [{
          baseToken: { address: TOKEN }, priceUsd: '0.0021', marketCap: 2100000, fdv: 2300000, priceChange: { h24: 4.2, h6: -1.5, h1: 0.25, m5: 0 }, volume: { h24: 1234.5, m5: 0 },
        }] }));
        return;
      }
      res.writeHead(req.url?.startsWith('/latest') ? dexStatus : 500);
      res.end();
    });
    await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
    fakeUrl = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
    t = await createTestApp({
      DEXSCREENER_API_URL: fakeUrl, BIRDEYE_API_URL: fakeUrl,
      // The operator's override of two of the six links ({token} is the official mint).
      OFFICIAL_LINKS: JSON.stringify({ chart: 'https://charts.example/{pool}', safety: 'https://check.example/t/{token}' }),
    });
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
    // The seed's sample address is a placeholder no outside site knows: no links until the token is real.
    expect(body.source).toBe('sample');
    expect(body.links).toEqual({});
  });

  it('market: a sample token not launched yet has no figures and nothing paid', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/official-token/market' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      price: null, marketCap: null, holders: null, volume24h: null, volume5m: null, source: null, burnedTokens: '0', distributionRuns: 0,
      paid: { 'Holder Rewards': { paidLamports: '0', latestSignature: null }, Platform: { paidLamports: '0', latestSignature: null } },
    });
    // Nothing on chain to check yet.
    const safety = await t.app.inject({ method: 'GET', url: '/api/official-token/safety' });
    expect(safety.statusCode).toBe(404);
    expect(safety.json()).toEqual({ error: 'The official token is not live yet' });
  });

  it('market: a token launched here reads our curve: fdv, supply and the 24h, 6h, 1h and 5m changes', async () => {
    const { mint } = await launchOfficialToken(t.services);
    const trader = await demoWallet(t.services, 'figures-trader');
    await ensureSol(t.services, trader.publicKey, 5_000_000_000n);
    const first = await buy(t.services, trader, mint, 1_000_000_000n);
    // The first buy happened two hours ago: inside 24h and 6h, before the 1h and 5m windows.
    await t.services.db.update(curveTrades).set({ blockTime: new Date(t.services.now().getTime() - 2 * 3_600_000) }).where(eq(curveTrades.signature, first));
    await buy(t.services, trader, mint, 1_000_000_000n);
    // Ten minutes after the launch only the 5 m window has a history: the longer ones have no change yet ('N/A'), not four equal figures.
    const market = async () => (await t.app.inject({ method: 'GET', url: '/api/official-token/market' })).json();
    await t.services.db.update(curvePools).set({ createdAt: new Date(t.services.now().getTime() - 10 * 60_000) }).where(eq(curvePools.mint, mint));
    expect(await market()).toMatchObject({ priceChange24h: null, priceChange6h: null, priceChange1h: null, priceChange5m: expect.any(Number) });
    // A day and more after it, every window has its own reference price.
    await t.services.db.update(curvePools).set({ createdAt: new Date(t.services.now().getTime() - 30 * 3_600_000) }).where(eq(curvePools.mint, mint));
    const body = await market();
    expect(body).toMatchObject({ source: 'curve', supply: TOKEN_TOTAL_SUPPLY.toString() });
    // Its logo, as the launch stored it (spec 1 'Token market data': imageUrl), served by our file store.
    expect(body.imageUrl).toMatch(/^\/ipfs\/b[a-z2-7]+$/);
    expect((await t.app.inject({ method: 'GET', url: body.imageUrl })).headers['content-type']).toMatch(/^image\/png/);
    expect(body.supplyTokens).toMatch(/^1000000000(\.0+)?$/);
    expect(body.fdv).toBeGreaterThan(0);
    expect(body.fdv).toBe(body.marketCap);
    // Against the curve's start (24h, 6h) and against the price after the first buy (1h, 5m): buys only raise it.
    expect(body.priceChange6h).toBe(body.priceChange24h);
    expect(body.priceChange1h).toBe(body.priceChange5m);
    expect(body.priceChange24h).toBeGreaterThan(body.priceChange1h);
    expect(body.priceChange1h).toBeGreaterThan(0);

    // The safety check reads the mint itself (supply fixed, nothing left to mint or freeze, no transfer fee to
    // re-price) and the pool: its 10% fee, DBC's protocol share, and who may claim the rest.
    const safety = (await t.app.inject({ method: 'GET', url: '/api/official-token/safety' })).json();
    expect(safety).toMatchObject({
      tokenAddress: mint.toString(), supply: TOKEN_TOTAL_SUPPLY.toString(), decimals: 9,
      mintAuthority: null, freezeAuthority: null, transferFeeBps: null, transferFeeConfigAuthority: null,
      poolFeeBps: 1000, protocolSharePercent: 20, dammPool: null,
    });
    expect(safety.feeClaimer).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/);
    expect(safety.poolAddress).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/);
  }, 60_000);

  it('market: a cluster token reads the market-data adapter; a failing API leaves the fallbacks (nulls)', async () => {
    // What the official-token job does with OFFICIAL_TOKEN_ADDRESS and OFFICIAL_POOL_ADDRESS.
    await configureClusterOfficialToken(t.services, TOKEN, POOL);
    const config = (await t.app.inject({ method: 'GET', url: '/api/official-token' })).json();
    expect(config).toMatchObject({ source: 'cluster', tokenAddress: TOKEN, poolAddress: POOL });
    // Six links: the cluster defaults, two of them replaced by OFFICIAL_LINKS with the addresses filled in.
    expect(Object.keys(config.links).sort()).toEqual(['chart', 'createPool', 'dashboard', 'revenueShare', 'safety', 'trade']);
    expect(config.links.chart).toBe(`https://charts.example/${POOL}`);
    expect(config.links.safety).toBe(`https://check.example/t/${TOKEN}`);
    expect(config.links.trade).toBe(`https://jup.ag/swap/SOL-${TOKEN}`);
    const body = (await t.app.inject({ method: 'GET', url: '/api/official-token/market' })).json();
    expect(body).toMatchObject({
      source: 'dexscreener', price: 0.0021, marketCap: 2100000, fdv: 2300000, volume24h: 1234.5, volume5m: 0, holders: null,
      priceChange24h: 4.2, priceChange6h: -1.5, priceChange1h: 0.25, priceChange5m: 0,
    });
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

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaigns, officialToken, tokenCache } from '../../db/schema';
import { configureClusterOfficialToken } from '../../official/launchOfficial';
import { createTestApp, type TestApp } from '../../testing/app';
import { buy } from '../../demo/market';
import { launchCurveMarket } from '../curve/testing/curveMarket';

// A fake DexScreener for the official token on a cluster (its pool's pair).
const TOKEN = 'So11111111111111111111111111111111111111112';
const POOL = '8sLbNZoA1cfnvMJLPfp98ZLAnFSYCFApfJKMbiXNLwxj';
let fake: http.Server;

describe('GET /api/ticker', () => {
  let t: TestApp;
  const ticker = async () => (await t.app.inject({ method: 'GET', url: '/api/ticker' })).json();

  beforeAll(async () => {
    fake = http.createServer((req, res) => {
      res.writeHead(req.url === `/latest/dex/pairs/solana/${POOL}` ? 200 : 404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ pairs: [{ baseToken: { address: TOKEN }, priceUsd: '0.004', marketCap: 4_000_000, priceChange: { h24: 6.75 } }] }));
    });
    await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
    const fakeUrl = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
    t = await createTestApp({ SOL_USD: '100', DEXSCREENER_API_URL: fakeUrl, BIRDEYE_API_URL: fakeUrl });
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => fake.close(resolve));
  });

  it('shows only the official token until campaigns with tokens exist', async () => {
    const [token] = await t.services.db.select().from(officialToken);
    expect(await ticker()).toEqual({
      official: { symbol: 'CMINT', tokenAddress: token.tokenAddress, marketCapUsd: null, priceChange24h: null },
      campaigns: [],
    });
  });

  it('lists up to 15 latest campaign tokens with market cap in USD and 24h change', async () => {
    const [token] = await t.services.db.select().from(officialToken);
    await t.services.db.insert(tokenCache).values([
      // Nothing keeps token_cache for the official token: the ticker does not read it (the sample has no figures).
      { tokenAddress: token.tokenAddress, marketCapLamports: 2_500_000_000_000n, priceChange24h: '-3.2500' },
      { tokenAddress: 'Mint5', priceChange24h: '12.5000', marketCapLamports: 1n },
    ]);
    await t.services.db.insert(campaigns).values([
      ...Array.from({ length: 17 }, (_, i) => ({
        creatorWallet: 'c', ticker: `TOK${String.fromCharCode(65 + i)}`, name: `Token ${i}`, goalLamports: 10n ** 11n,
        tokenAddress: `Mint${i}`, createdAt: new Date(Date.UTC(2026, 0, 1 + i)),
        marketCapLamports: i === 16 ? 30_000_000_000n : null, imageUrl: i === 16 ? '/ipfs/bafylogo' : null,
      })),
      { creatorWallet: 'c', ticker: 'NOMINT', name: 'No token yet', goalLamports: 1n, createdAt: new Date(Date.UTC(2027, 0, 1)) },
      { creatorWallet: 'c', ticker: 'PEND', name: 'Pending', goalLamports: 1n, tokenAddress: 'PENDING', createdAt: new Date(Date.UTC(2027, 0, 1)) },
      { creatorWallet: 'c', ticker: 'TEST', name: 'Hidden', goalLamports: 1n, tokenAddress: 'MintTest', createdAt: new Date(Date.UTC(2027, 0, 1)) },
    ]);
    const body = await ticker();
    expect(body.official).toMatchObject({ marketCapUsd: null, priceChange24h: null });
    expect(body.campaigns).toHaveLength(15);
    expect(body.campaigns[0]).toEqual({ name: 'Token 16', ticker: 'TOKQ', tokenAddress: 'Mint16', imageUrl: '/ipfs/bafylogo', marketCapUsd: 3000, priceChange24h: null });
    expect(body.campaigns.at(-1).tokenAddress).toBe('Mint2');
    expect(body.campaigns.find((c: { tokenAddress: string }) => c.tokenAddress === 'Mint5')).toMatchObject({ priceChange24h: 12.5, marketCapUsd: 0 });
  });

  it("shows a curve token's real 24h change, the same the market endpoint computes", async () => {
    const m = await launchCurveMarket(t.services, { ticker: 'MOVE' });
    const trader = await m.trader(5n);
    await buy(t.services, trader, m.mint, 1_000_000_000n);
    const market = (await t.app.inject({ method: 'GET', url: `/api/campaigns/${m.mint}/market` })).json();
    expect(market.priceChange24h).toBeGreaterThan(0);
    const row = (await ticker()).campaigns.find((c: { tokenAddress: string }) => c.tokenAddress === m.mint);
    expect(row.priceChange24h).toBe(market.priceChange24h);
  });

  it("with a cluster, the official item shows the official token page's figures (the market-data adapter's)", async () => {
    await configureClusterOfficialToken(t.services, TOKEN, POOL);
    await t.services.db.insert(tokenCache).values({ tokenAddress: TOKEN, marketCapLamports: 1n, priceChange24h: '-99.0000' });
    const market = (await t.app.inject({ method: 'GET', url: '/api/official-token/market' })).json();
    expect(market).toMatchObject({ source: 'dexscreener', marketCap: 4_000_000, priceChange24h: 6.75 });
    expect((await ticker()).official).toEqual({ symbol: 'CMINT', tokenAddress: TOKEN, marketCapUsd: 4_000_000, priceChange24h: 6.75 });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaigns } from '../../db/schema';
import { createTestApp, type TestApp } from '../../testing/app';

type Row = typeof campaigns.$inferInsert;
const row = (ticker: string, marketCapSol: number): Row => ({
  creatorWallet: 'creator', ticker, name: ticker, goalLamports: 10n ** 11n, marketCapLamports: BigInt(marketCapSol) * 10n ** 9n,
});

describe('GET /api/campaigns reuses answers, totals and the trending set until a live event', () => {
  let t: TestApp;
  const get = async (url: string) => (await t.app.inject({ method: 'GET', url })).json();
  const waitFor = async (check: () => Promise<boolean>) => {
    for (let i = 0; i < 200 && !await check(); i++) await new Promise((r) => setTimeout(r, 10));
  };

  beforeAll(async () => {
    t = await createTestApp({ CAMPAIGN_LIST_CACHE_MS: '60000' });
    await t.services.db.insert(campaigns).values(Array.from({ length: 8 }, (_, i) => row(`OLD${String.fromCharCode(65 + i)}`, 10 + i)));
  });
  afterAll(async () => { await t.close(); });

  it('answers a page already asked for as it was, a new page with fresh rows and the cached figures, and all fresh after any event', async () => {
    expect((await get('/api/campaigns?sort=market_cap')).total).toBe(8);
    await t.services.db.insert(campaigns).values(row('NEWX', 1000));
    const same = await get('/api/campaigns?sort=market_cap');
    expect([same.total, same.campaigns.length, same.campaigns[0].ticker]).toEqual([8, 8, 'OLDH']);
    // Another page reads its rows fresh, with the total and the top 8 by market cap cached.
    const other = await get('/api/campaigns?sort=market_cap&limit=30');
    expect([other.total, other.campaigns.length, other.campaigns[0].ticker, other.campaigns[0].trending]).toEqual([8, 9, 'NEWX', false]);
    expect((await get('/api/campaigns/count')).total).toBe(8);

    await t.services.events.publish({ type: 'campaign_created' });
    await waitFor(async () => (await get('/api/campaigns/count')).total === 9);
    const fresh = await get('/api/campaigns?sort=market_cap');
    expect([fresh.total, fresh.campaigns[0].ticker, fresh.campaigns[0].trending, fresh.campaigns[8].trending]).toEqual([9, 'NEWX', true, false]);
  });

  it('keeps totals (never the trending ones) across a trade that does not graduate, and drops them on one that does', async () => {
    const total = async (query: string) => (await get(`/api/campaigns?${query}`)).total as number;
    const before = { all: await total('filter=all'), trending: await total('filter=trending') };
    const page = '/api/campaigns?filter=all&limit=50';
    const hasQuiet = async () => (await get(page)).campaigns.some((c: { ticker: string }) => c.ticker === 'QUIET');
    expect(await hasQuiet()).toBe(false);
    // A campaign appears without an event of its own (as if its launch event were still on its way).
    await t.services.db.insert(campaigns).values(row('QUIET', 5000));
    expect(await hasQuiet()).toBe(false);
    // The event travels (PostgreSQL: by NOTIFY), so wait for the cached page to be dropped.
    await t.services.events.publish({ type: 'curve_trade', mint: 'x', graduated: false });
    // The trade cleared the pages (fresh rows) and the trending set, not the list's total.
    await waitFor(hasQuiet);
    expect(await hasQuiet()).toBe(true);
    expect(await total('filter=all')).toBe(before.all);
    expect((await get('/api/campaigns?filter=trending')).campaigns[0].ticker).toBe('QUIET');
    expect(await total('filter=trending')).toBe(before.trending);
    await t.services.events.publish({ type: 'curve_trade', mint: 'x', graduated: true });
    await waitFor(async () => await total('filter=all') === before.all + 1);
    expect(await total('filter=all')).toBe(before.all + 1);
  });

  it('never caches with CAMPAIGN_LIST_CACHE_MS=0', async () => {
    const uncached = await createTestApp({ CAMPAIGN_LIST_CACHE_MS: '0' });
    try {
      const count = async () => (await uncached.app.inject({ method: 'GET', url: '/api/campaigns/count' })).json().total;
      expect(await count()).toBe(0);
      await uncached.services.db.insert(campaigns).values(row('ONEX', 1));
      expect(await count()).toBe(1);
    } finally {
      await uncached.close();
    }
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaigns } from '../../db/schema';
import { createTestApp, type TestApp } from '../../testing/app';
import { campaignListOrder, publicCampaign } from './filters';
import { CAMPAIGN_SORTS } from './schema';

type Row = typeof campaigns.$inferInsert;
const SOL = 1_000_000_000n;

// P0..P10 public, created a day apart (P10 newest); market caps out of creation order so
// the market-cap rank and the newest-first order differ.
const MARKET_CAP_SOL: (number | null)[] = [null, null, 20, 90, 30, 80, 40, 70, 50, 60, 100];
const publicRow = (i: number, extra: Partial<Row> = {}): Row => ({
  creatorWallet: `creator${i}`, ticker: `P${String.fromCharCode(65 + i)}X`, name: `P${i}`, goalLamports: 100n * SOL,
  category: 'Animals', tokenAddress: `Mint${i}`, createdAt: new Date(Date.UTC(2026, 0, 1 + i)),
  marketCapLamports: MARKET_CAP_SOL[i] == null ? null : BigInt(MARKET_CAP_SOL[i]!) * SOL, ...extra,
});
const EXTRA: Record<number, Partial<Row>> = {
  0: { category: 'Medical', cachedVolume24hLamports: 7n * SOL, lastDonationAt: new Date(Date.UTC(2026, 1, 5)) },
  1: { category: 'Other', cachedVolume24hLamports: 5n * SOL },
  2: { raisedLamports: 100n * SOL - 1n, description: 'Water tanks', lastDonationAt: new Date(Date.UTC(2026, 1, 10)) },
  3: { raisedLamports: 100n * SOL, description: 'Clean WATER wells' },
  // The most raised, yet half its goal: 'raised' and 'goal_progress' disagree on it.
  4: { verified: true, category: 'Education', raisedLamports: 200n * SOL, goalLamports: 400n * SOL },
  5: { isBonded: true, bondingCurveProgress: '80.00', lastDonationAt: new Date(Date.UTC(2026, 1, 3)) },
  6: { bondingCurveProgress: '100.00' },
  // The same newest donation as P0: the id breaks the tie.
  7: { verified: true, lastDonationAt: new Date(Date.UTC(2026, 1, 5)) },
  // 150% of a small goal, as P9 is of its own: the id breaks the tie.
  8: { bondingCurveProgress: '99.99', raisedLamports: 30n * SOL, goalLamports: 20n * SOL },
  9: { raisedLamports: 150n * SOL, featured: true },
};
// Hidden everywhere, each with a market cap that would top the trending rank.
const hidden: Row[] = [
  { ...publicRow(11), name: 'Flagged', ticker: 'FLAG', category: 'Other', tokenAddress: 'MintFlagged', flagged: true, verified: true, marketCapLamports: 1000n * SOL },
  { ...publicRow(12), name: 'Test row', ticker: 'TROW', tokenAddress: null, isTest: true, marketCapLamports: 1000n * SOL },
  { ...publicRow(13), name: 'Ticker TEST', ticker: 'TEST', tokenAddress: null, marketCapLamports: 1000n * SOL },
];

describe('GET /api/campaigns: Explore filters, sorts, trending and hidden campaigns', () => {
  let t: TestApp;
  const get = (url: string) => t.app.inject({ method: 'GET', url });
  const names = async (query: string) => {
    const res = await get(`/api/campaigns?limit=100&${query}`);
    expect(res.statusCode, query).toBe(200);
    return res.json().campaigns.map((c: { name: string }) => c.name);
  };
  const total = async (query: string) => (await get(`/api/campaigns?${query}`)).json().total;
  const ps = (...ids: number[]) => ids.map((i) => `P${i}`);

  beforeAll(async () => {
    t = await createTestApp();
    await t.services.db.insert(campaigns).values([...Array.from({ length: 11 }, (_, i) => publicRow(i, EXTRA[i])), ...hidden]);
  });
  afterAll(async () => { await t.close(); });

  it('lists every public campaign newest first, hiding flagged, test and TEST campaigns from the list and the count', async () => {
    expect(await names('')).toEqual(ps(10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0));
    expect(await names('filter=all')).toEqual(ps(10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0));
    expect(await total('')).toBe(11);
    expect((await get('/api/campaigns/count')).json()).toEqual({ total: 11 });
    expect(await names('search=flagged')).toEqual([]);
    expect(await names('filter=verified&category=Other')).toEqual([]);
  });

  it('still serves a flagged campaign on its own page, marked flagged', async () => {
    const res = await get('/api/campaigns/MintFlagged');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Flagged', flagged: true });
  });

  it('marks the top 8 public campaigns by market cap as trending on every row, whatever the filter', async () => {
    const rows = (await get('/api/campaigns?limit=100')).json().campaigns as { name: string; trending: boolean }[];
    expect(rows.filter((c) => c.trending).map((c) => c.name).sort()).toEqual(ps(10, 3, 5, 7, 9, 8, 6, 4).sort());
    expect(rows.filter((c) => !c.trending).map((c) => c.name)).toEqual(ps(2, 1, 0));
    const verified = (await get('/api/campaigns?filter=verified')).json().campaigns as { name: string; trending: boolean }[];
    expect(verified.map((c) => [c.name, c.trending])).toEqual([['P7', true], ['P4', true]]);
  });

  it('filters by the Explore chips', async () => {
    expect(await names('filter=trending')).toEqual(ps(10, 3, 5, 7, 9, 8, 6, 4));
    expect(await total('filter=trending')).toBe(8);
    expect((await get('/api/campaigns/count?filter=trending')).json()).toEqual({ total: 8 });
    expect(await names('filter=verified')).toEqual(ps(7, 4));
    // Bonded: is_bonded, or progress exactly 100 (99.99 is not).
    expect(await names('filter=bonded')).toEqual(ps(6, 5));
    // Reached: raised >= goal, to the lamport.
    expect(await names('filter=reached')).toEqual(ps(9, 8, 3));
    expect(await names('filter=new')).toEqual(ps(10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0));
    expect((await get('/api/campaigns/count?filter=reached')).json()).toEqual({ total: 3 });
  });

  it('sorts by each order, missing figures last', async () => {
    expect(await names('sort=newest')).toEqual(ps(10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0));
    expect(await names('sort=oldest')).toEqual(ps(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10));
    expect(await names('sort=market_cap')).toEqual(ps(10, 3, 5, 7, 9, 8, 6, 4, 2, 1, 0));
    expect(await names('sort=volume_24h')).toEqual(ps(0, 1, 10, 9, 8, 7, 6, 5, 4, 3, 2));
    expect(await names('sort=progress')).toEqual(ps(6, 8, 5, 10, 9, 7, 4, 3, 2, 1, 0));
    expect(await names('sort=raised')).toEqual(ps(4, 9, 3, 2, 8, 10, 7, 6, 5, 1, 0));
    // Raised over goal: 150% (P9, then P8 by id), 100%, 99.99...%, 50%, then nothing raised.
    expect(await names('sort=goal_progress')).toEqual(ps(9, 8, 3, 2, 4, 10, 7, 6, 5, 1, 0));
    // Newest direct donation first, never-donated last.
    expect(await names('sort=newest_donation')).toEqual(ps(2, 7, 0, 5, 10, 9, 8, 6, 4, 3, 1));
    // An explicit sort wins over the trending filter's market-cap order.
    expect(await names('filter=trending&sort=newest')).toEqual(ps(10, 9, 8, 7, 6, 5, 4, 3));
    expect(await names('filter=new&sort=oldest')).toEqual(ps(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10));
  });

  it('walks each sort\'s own index in the query\'s order (no sort step): the index expressions match the queries', async () => {
    const indexOf: Record<(typeof CAMPAIGN_SORTS)[number], string> = {
      newest: 'campaigns_newest_idx', oldest: 'campaigns_newest_idx', market_cap: 'campaigns_market_cap_idx',
      volume_24h: 'campaigns_volume_24h_idx', progress: 'campaigns_progress_idx', raised: 'campaigns_raised_idx',
      goal_progress: 'campaigns_goal_progress_idx', newest_donation: 'campaigns_last_donation_idx',
    };
    for (const sort of CAMPAIGN_SORTS) {
      const plan = await t.services.db.transaction(async (tx) => {
        // Eleven rows would be read whole; at 100,000 (npm run bench -- explore) the planner walks the index.
        await tx.execute(sql`set local enable_seqscan = off`);
        await tx.execute(sql`set local enable_sort = off`);
        const query = tx.select().from(campaigns).where(publicCampaign).orderBy(...campaignListOrder(sort, 'all')).limit(32).toSQL();
        const text = query.sql.replace(/\$(\d+)/g, (_, n: string) => String(query.params[Number(n) - 1]));
        const result = await tx.execute(sql.raw(`explain ${text}`));
        return (result as unknown as { rows: { 'QUERY PLAN': string }[] }).rows.map((r) => r['QUERY PLAN']).join('\n');
      });
      expect(plan, sort).toContain(indexOf[sort]);
      expect(plan, sort).not.toMatch(/\bSort\b/);
    }
  });

  it('combines search, category and filter; category Other takes only Other campaigns here', async () => {
    expect(await names('search=water')).toEqual(ps(3, 2));
    expect(await names('search=water&filter=trending')).toEqual(ps(3));
    expect(await names('search=water&filter=reached')).toEqual(ps(3));
    expect(await names('category=Other')).toEqual(ps(1));
    expect(await names('category=Medical&sort=volume_24h')).toEqual(ps(0));
    expect(await names('category=Animals&filter=verified')).toEqual(ps(7));
  });

  it('pages any order with limit and offset, the total counting every match', async () => {
    const page = (await get('/api/campaigns?sort=market_cap&limit=3&offset=3')).json();
    expect(page.total).toBe(11);
    expect(page.campaigns.map((c: { name: string }) => c.name)).toEqual(ps(7, 9, 8));
    const seen: string[] = [];
    for (let offset = 0; offset < 11; offset += 4) {
      seen.push(...(await get(`/api/campaigns?sort=volume_24h&limit=4&offset=${offset}`)).json().campaigns.map((c: { name: string }) => c.name));
    }
    expect(seen).toEqual(await names('sort=volume_24h'));
    expect((await get('/api/campaigns?filter=trending&offset=8')).json()).toEqual({ campaigns: [], total: 8 });
  });

  it('refuses an unknown filter or sort with a 400 naming the parameter and the allowed values', async () => {
    for (const url of ['/api/campaigns?filter=hot', '/api/campaigns/count?filter=hot']) {
      const res = await get(url);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('filter must be one of: all, verified, bonded, trending, new, reached');
    }
    const sort = await get('/api/campaigns?sort=popular');
    expect(sort.statusCode).toBe(400);
    expect(sort.json().error).toBe('sort must be one of: newest, oldest, market_cap, volume_24h, progress, raised, goal_progress, newest_donation');
    expect((await get('/api/campaigns?filter=')).statusCode).toBe(400);
  });

  it('honours the spec\'s featured and trending=true reads, and refuses other values', async () => {
    expect(await names('featured=true')).toEqual(ps(9));
    expect(await total('featured=false')).toBe(10);
    // Spec 1: the campaigns read with trending=true comes newest first; the Trending chip ranks by market cap.
    expect(await names('trending=true')).toEqual(ps(10, 9, 8, 7, 6, 5, 4, 3));
    expect(await names('trending=true&sort=market_cap')).toEqual(await names('filter=trending'));
    expect(await total('trending=true')).toBe(8);
    expect(await names('trending=false')).toEqual(await names(''));
    for (const [url, message] of [['/api/campaigns?featured=yes', 'featured must be one of: true, false'], ['/api/campaigns?trending=1', 'trending must be one of: true, false']]) {
      const res = await get(url!);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error).toBe(message);
    }
  });
});

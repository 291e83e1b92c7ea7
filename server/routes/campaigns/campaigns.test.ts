import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaigns } from '../../db/schema';
import { createTestApp, type TestApp } from '../../testing/app';

type Row = typeof campaigns.$inferInsert;
const base = (i: number, extra: Partial<Row> = {}): Row => ({
  creatorWallet: `creator${i}`, ticker: `TK${String.fromCharCode(65 + i)}`, name: `Campaign ${i}`, goalLamports: 100_000_000_000n,
  createdAt: new Date(Date.UTC(2026, 0, 1 + i)), ...extra,
});

describe('GET /api/campaigns and /api/campaigns/count', () => {
  let t: TestApp;
  const get = (url: string) => t.app.inject({ method: 'GET', url });

  beforeAll(async () => {
    t = await createTestApp({ SOL_USD: '200' });
    await t.services.db.insert(campaigns).values([
      base(0, { category: 'Medical', description: 'Surgery for Max', raisedLamports: 1_234_567_891n }),
      base(1, { category: 'Animals', title: 'Save the 100% Owls', status: 'ended' }),
      base(2, { category: 'Animals', ticker: 'PAWS', marketCapLamports: 50_000_000_000n, distributorWallet: 'Dist111' }),
      base(3, { ticker: 'TEST', name: 'Hidden test ticker' }),
      base(4, { category: 'Education', name: 'School roof', bondingCurveProgress: '42.50', initialBuyLamports: 1_000_000n }),
    ]);
  });
  afterAll(async () => { await t.close(); });

  it('lists newest first without the ticker TEST, with the total', async () => {
    const res = await get('/api/campaigns');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(4);
    expect(body.campaigns.map((c: { name: string }) => c.name)).toEqual(['School roof', 'Campaign 2', 'Campaign 1', 'Campaign 0']);
    expect((await get('/api/campaigns/count')).json()).toEqual({ total: 4 });
  });

  it('presents rows under the spec names with exact SOL amounts and their read variants', async () => {
    const list = (await get('/api/campaigns?limit=100')).json().campaigns;
    const first = list.find((c: { ticker: string }) => c.ticker === 'TKA');
    expect(first).toMatchObject({
      creator_wallet: 'creator0', title: 'Campaign 0', category: 'Medical', status: 'active', verified: false, flagged: false,
      goal_amount: 100, goal: 100, campaignGoal: 100, goal_lamports: '100000000000',
      raised_amount: 1.234567891, raised: 1.234567891, raised_lamports: '1234567891',
      backers: 0, days_left: 30, days_old: 1, bonding_curve_type: 1, is_bonded: false, market_cap: null, holders: null,
      created_at: '2026-01-01T00:00:00.000Z',
    });
    const paws = list.find((c: { ticker: string }) => c.ticker === 'PAWS');
    expect(paws).toMatchObject({ market_cap: 10_000, market_cap_sol: '50', distributor_wallet: 'Dist111', distributionWallet: 'Dist111' });
    expect(list.find((c: { name: string }) => c.name === 'Campaign 1').title).toBe('Save the 100% Owls');
    expect(list.find((c: { name: string }) => c.name === 'School roof')).toMatchObject({ bonding_curve_progress: 42.5, initial_buy_amount: 0.001 });
  });

  it('filters by category, status and a case-insensitive search over name, title, ticker and description', async () => {
    const names = async (q: string) => (await get(`/api/campaigns?${q}`)).json().campaigns.map((c: { name: string }) => c.name);
    expect(await names('category=Animals')).toEqual(['Campaign 2', 'Campaign 1']);
    expect(await names('status=ended')).toEqual(['Campaign 1']);
    expect(await names('search=owls')).toEqual(['Campaign 1']);
    expect(await names('search=paws')).toEqual(['Campaign 2']);
    expect(await names('search=SURGERY')).toEqual(['Campaign 0']);
    // LIKE wildcards in the search are literal characters.
    expect(await names('search=100%25')).toEqual(['Campaign 1']);
    expect(await names('search=_')).toEqual([]);
    // A match never spans two fields.
    expect(await names('search=Max%20TKA')).toEqual([]);
    expect(await names('search=tka')).toEqual(['Campaign 0']);
    expect((await get('/api/campaigns/count?category=Animals')).json()).toEqual({ total: 2 });
  });

  it('pages with limit and offset', async () => {
    const body = (await get('/api/campaigns?limit=2&offset=1')).json();
    expect(body.total).toBe(4);
    expect(body.campaigns.map((c: { name: string }) => c.name)).toEqual(['Campaign 2', 'Campaign 1']);
  });

  it('refuses bad queries with a 400 naming the problem', async () => {
    const cases: [string, string][] = [
      ['limit=0', 'limit must be at least 1'],
      ['limit=101', 'limit must be at most 100'],
      ['limit=ten', 'limit must be a number'],
      ['offset=-1', 'offset must be 0 or more'],
      ['offset=1.5', 'offset must be a whole number'],
      ['category=Pets', 'category must be one of'],
      ['status=open', 'status must be one of'],
      [`search=${'x'.repeat(101)}`, 'search must be at most 100 characters'],
      // The fields are searched as one text joined by a control character: none may be searched for.
      ['search=Max%1FTKA', 'search must not contain control characters'],
    ];
    for (const [q, error] of cases) {
      const res = await get(`/api/campaigns?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().error).toContain(error);
    }
    expect((await get('/api/campaigns/count?category=Pets')).statusCode).toBe(400);
  });
});

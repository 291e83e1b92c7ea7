import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { officialToken } from '../../db/schema';
import { createTestApp, type TestApp } from '../../testing/app';

describe('GET /api/official-token', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp(); });
  afterAll(async () => { await t.close(); });

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

  it('is a JSON 404 when the configuration row is missing', async () => {
    await t.services.db.delete(officialToken);
    const res = await t.app.inject({ method: 'GET', url: '/api/official-token' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'The official token is not configured' });
  });
});

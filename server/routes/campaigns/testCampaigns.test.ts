import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshPlatformStats } from '../../commands/refreshPlatformStats';
import { createTestApp, type TestApp } from '../../testing/app';

describe('connection-test routes', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp(); });
  afterAll(async () => { await t.close(); });

  it('GET /api/db/status counts campaigns', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/db/status' })).json()).toEqual({ connected: true, campaigns: 0 });
  });

  it('creates numbered test campaigns in local mode, listed but left out of platform stats', async () => {
    const first = await t.app.inject({ method: 'POST', url: '/api/test-campaigns', payload: {} });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ name: 'Test Campaign 1', ticker: 'TSTA', creator_wallet: 'test', is_test: true, goal_amount: 10, category: 'Medical' });
    const second = (await t.app.inject({ method: 'POST', url: '/api/test-campaigns' })).json();
    expect(second).toMatchObject({ name: 'Test Campaign 2', ticker: 'TSTB', category: 'Emergency' });
    expect(second.ticker).toMatch(/^[A-Z]{3,10}$/);

    expect((await t.app.inject({ method: 'GET', url: '/api/db/status' })).json()).toEqual({ connected: true, campaigns: 2 });
    const list = (await t.app.inject({ method: 'GET', url: '/api/campaigns' })).json();
    expect(list.campaigns.map((c: { name: string }) => c.name)).toEqual(['Test Campaign 2', 'Test Campaign 1']);
    await refreshPlatformStats(t.services);
    expect((await t.app.inject({ method: 'GET', url: '/api/platform/stats' })).json().totalCampaigns).toBe(0);
  });

  it('refuses test campaigns outside local mode', async () => {
    t.services.env.localMode = false;
    try {
      const res = await t.app.inject({ method: 'POST', url: '/api/test-campaigns', payload: {} });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: 'Test campaigns can only be created in local mode' });
    } finally {
      t.services.env.localMode = true;
    }
  });

  it('reports a lost database as 503 connected: false', async () => {
    await t.services.database.close();
    const res = await t.app.inject({ method: 'GET', url: '/api/db/status' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ connected: false, error: 'Connection failed' });
  });
});

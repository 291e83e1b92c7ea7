import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshPlatformStats } from '../../commands/refreshPlatformStats';
import { campaigns, donations } from '../../db/schema';
import type { AppEvent } from '../../events/hub';
import { createTestApp, type TestApp } from '../../testing/app';

describe('GET /api/platform/stats', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp(); });
  afterAll(async () => { await t.close(); });

  it('starts with the four seeded keys at zero', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/platform/stats' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ totalSolRaised: '0', totalCampaigns: 0, totalDonations: 0, totalBackers: 0, lastUpdated: expect.any(String) });
  });

  it('refreshPlatformStats recounts from campaigns and their donations, leaves test campaigns out and announces it', async () => {
    const ids = await t.services.db.insert(campaigns).values([
      { creatorWallet: 'w1', ticker: 'AAA', name: 'A', goalLamports: 10n ** 11n, raisedLamports: 1_500_000_000n, backers: 3 },
      { creatorWallet: 'w2', ticker: 'BBB', name: 'B', goalLamports: 10n ** 11n, raisedLamports: 1n, backers: 4 },
      { creatorWallet: 'test', ticker: 'TSTA', name: 'Test Campaign 1', goalLamports: 10n ** 10n, raisedLamports: 7n * 10n ** 9n, backers: 100, isTest: true },
    ]).returning({ id: campaigns.id });
    // Three donations to real campaigns count; the test campaign's does not.
    await t.services.db.insert(donations).values([ids[0], ids[0], ids[1], ids[2]].map((c, i) => ({
      signature: `sig${i}`, campaignId: c!.id, kind: 'direct' as const, fromWallet: 'a', toWallet: 'b', lamports: 1000n, slot: 1n, blockTime: new Date(),
    })));
    const seen: AppEvent[] = [];
    const stop = t.services.events.subscribe((e) => seen.push(e));
    const before = (await t.app.inject({ method: 'GET', url: '/api/platform/stats' })).json().lastUpdated;

    await refreshPlatformStats(t.services);

    const body = (await t.app.inject({ method: 'GET', url: '/api/platform/stats' })).json();
    expect(body).toMatchObject({ totalSolRaised: '1.500000001', totalCampaigns: 2, totalDonations: 3, totalBackers: 7 });
    expect(Date.parse(body.lastUpdated)).toBeGreaterThanOrEqual(Date.parse(before));
    await expect.poll(() => seen.map((e) => e.type)).toContain('platform_stats_changed');
    stop();
  });
});

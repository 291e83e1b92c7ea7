import { desc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog, campaigns } from '../../db/schema';
import type { AppEvent } from '../../events/hub';
import { createTestApp, type TestApp } from '../../testing/app';
import { TEST_ADMIN_ENV, loginTestAdmin } from '../admin/testAdmin';

// The Overview tab's Sync (the contract's path; the old duplicate /api/admin/platform-stats/sync is gone).
describe('POST /api/admin/stats/sync', () => {
  let t: TestApp;
  const sync = (headers: Record<string, string> = {}) => t.app.inject({ method: 'POST', url: '/api/admin/stats/sync', payload: {}, headers });

  beforeAll(async () => {
    t = await createTestApp(TEST_ADMIN_ENV);
    await t.services.db.insert(campaigns).values({ creatorWallet: 'w', ticker: 'SYNC', name: 'S', goalLamports: 1n, raisedLamports: 2_000_000_000n, backers: 5 });
  });
  afterAll(async () => { await t.close(); });

  it('is a 401 without an admin session and changes nothing', async () => {
    const audits = await t.services.db.$count(adminAuditLog);
    const res = await sync();
    expect(res.statusCode).toBe(401);
    expect(await t.services.db.$count(adminAuditLog)).toBe(audits);
    expect((await t.app.inject({ method: 'GET', url: '/api/platform/stats' })).json().totalCampaigns).toBe(0);
  });

  it('is gone from the old duplicate path', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/platform-stats/sync', payload: {}, headers: { cookie: await loginTestAdmin(t.app) } });
    expect(res.statusCode).toBe(404);
  });

  it('recounts, audits and announces for an admin', async () => {
    const seen: AppEvent[] = [];
    const stop = t.services.events.subscribe((e) => seen.push(e));
    const cookie = await loginTestAdmin(t.app);
    const audits = await t.services.db.$count(adminAuditLog);
    const res = await sync({ cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ totalSolRaised: '2', totalCampaigns: 1, totalBackers: 5, totalDonations: 0, companyRevenueSol: '0' });
    expect(await t.services.db.$count(adminAuditLog)).toBe(audits + 1);
    const [audit] = await t.services.db.select().from(adminAuditLog).orderBy(desc(adminAuditLog.id)).limit(1);
    expect(audit).toMatchObject({ action: 'platform_stats_synced', adminUsername: 'boss', details: { total_sol_raised: '2000000000', total_campaigns: '1' } });
    await expect.poll(() => seen.map((e) => e.type)).toContain('platform_stats_changed');
    stop();
  });
});

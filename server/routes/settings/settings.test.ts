import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteSettings } from '../../db/schema';
import { createTestApp, type TestApp } from '../../testing/app';
import { TEST_ADMIN_ENV, loginTestAdmin } from '../admin/testAdmin';

describe('GET /api/settings/site', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp(TEST_ADMIN_ENV); });
  afterAll(async () => { await t.close(); });

  it('answers the seeded row: maintenance off, no schedule, not cacheable', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/settings/site' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body).toEqual({
      maintenance_mode: false,
      maintenance_message: null,
      schedule: { enabled: false, startTime: null, endTime: null, message: null },
      updated_at: expect.any(String),
      admin_preview: false,
    });
    expect(new Date(body.updated_at).toISOString()).toBe(body.updated_at);
  });

  it('shows what is stored, times as ISO strings', async () => {
    await t.services.db.update(siteSettings).set({
      maintenanceMode: true, maintenanceMessage: 'Upgrading', scheduleEnabled: true,
      scheduleStart: new Date('2030-01-01T02:00:00Z'), scheduleEnd: new Date('2030-01-01T06:00:00Z'), scheduleMessage: 'Planned',
    }).where(eq(siteSettings.id, 1));
    const body = (await t.app.inject({ method: 'GET', url: '/api/settings/site' })).json();
    expect(body).toMatchObject({
      maintenance_mode: true,
      maintenance_message: 'Upgrading',
      schedule: { enabled: true, startTime: '2030-01-01T02:00:00.000Z', endTime: '2030-01-01T06:00:00.000Z', message: 'Planned' },
    });
  });

  it('marks an admin session\'s answer while maintenance is on (its browser keeps the site); a forged cookie or a visitor is not', async () => {
    const cookie = await loginTestAdmin(t.app);
    const read = async (headers: Record<string, string> = {}) => (await t.app.inject({ method: 'GET', url: '/api/settings/site', headers })).json();
    await t.services.db.update(siteSettings).set({ maintenanceMode: false }).where(eq(siteSettings.id, 1));
    expect(await read({ cookie })).toMatchObject({ maintenance_mode: false, admin_preview: false });
    await t.services.db.update(siteSettings).set({ maintenanceMode: true }).where(eq(siteSettings.id, 1));
    expect(await read({ cookie })).toMatchObject({ maintenance_mode: true, admin_preview: true });
    expect(await read()).toMatchObject({ maintenance_mode: true, admin_preview: false });
    expect(await read({ cookie: `cm_admin=${'0'.repeat(64)}` })).toMatchObject({ admin_preview: false });
  });

  it('recreates row 1 if it was deleted by hand', async () => {
    await t.services.db.delete(siteSettings);
    const res = await t.app.inject({ method: 'GET', url: '/api/settings/site' });
    expect(res.statusCode).toBe(200);
    expect(res.json().maintenance_mode).toBe(false);
  });
});

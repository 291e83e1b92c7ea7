import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog, siteSettings } from '../../db/schema';
import type { AppEvent } from '../../events/hub';
import { createTestApp, type TestApp } from '../../testing/app';
import { TEST_ADMIN_ENV, loginTestAdmin } from './testAdmin';

describe('PUT /api/admin/maintenance', () => {
  let t: TestApp;
  let cookie: string;
  const row = async () => (await t.services.db.select().from(siteSettings).where(eq(siteSettings.id, 1)))[0];
  const put = (payload: unknown, headers: Record<string, string> = { cookie }) =>
    t.app.inject({ method: 'PUT', url: '/api/admin/maintenance', payload: payload as object, headers });

  beforeAll(async () => {
    t = await createTestApp(TEST_ADMIN_ENV);
    cookie = await loginTestAdmin(t.app);
  });
  afterAll(async () => { await t.close(); });

  it('is a 401 without an admin session, and nothing changes', async () => {
    const before = await row();
    for (const headers of [{}, { cookie: `cm_admin=${'0'.repeat(64)}` }] as Record<string, string>[]) {
      const res = await put({ maintenance_mode: true }, headers);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: 'Admin session required' });
    }
    expect(await row()).toEqual(before);
  });

  it('turns maintenance on with a message: stored, audited, announced, and answered like GET /api/settings/site', async () => {
    const seen: AppEvent[] = [];
    const stop = t.services.events.subscribe((e) => seen.push(e));
    const res = await put({ maintenance_mode: true, maintenance_message: 'Back at five' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ maintenance_mode: true, maintenance_message: 'Back at five', schedule: { enabled: false } });
    expect((await t.app.inject({ method: 'GET', url: '/api/settings/site', headers: { cookie } })).json()).toEqual(body);

    const [audit] = await t.services.db.select().from(adminAuditLog).orderBy(desc(adminAuditLog.id)).limit(1);
    expect(audit).toMatchObject({ action: 'maintenance_updated', adminUsername: 'boss', target: 'site_settings', ipAddress: '127.0.0.1' });
    expect(audit.adminId).toEqual(expect.any(Number));
    expect(audit.details).toMatchObject({ maintenance_mode: true, maintenance_message: 'Back at five' });
    await expect.poll(() => seen.map((e) => e.type)).toContain('site_settings_changed');
    stop();
  });

  it('sets a scheduled window, keeps it when the body leaves it out, and an empty message means the default', async () => {
    const schedule = { enabled: true, startTime: '2030-05-01T02:00:00.000Z', endTime: '2030-05-01T06:00:00+02:00', message: 'Database upgrade' };
    const res = await put({ maintenance_mode: false, schedule });
    expect(res.statusCode).toBe(200);
    expect(res.json().schedule).toEqual({ enabled: true, startTime: '2030-05-01T02:00:00.000Z', endTime: '2030-05-01T04:00:00.000Z', message: 'Database upgrade' });
    expect(res.json().maintenance_message).toBe('Back at five');

    const again = (await put({ maintenance_mode: true, maintenance_message: '' })).json();
    expect(again).toMatchObject({ maintenance_mode: true, maintenance_message: null, schedule: { enabled: true, startTime: '2030-05-01T02:00:00.000Z' } });

    const off = (await put({ maintenance_mode: false, schedule: { enabled: false, startTime: null, endTime: null } })).json();
    expect(off.schedule).toEqual({ enabled: false, startTime: null, endTime: null, message: null });
  });

  it('refuses an incomplete or backwards window and bad bodies with a 400, changing nothing', async () => {
    const before = await row();
    const cases: [unknown, string][] = [
      [{ maintenance_mode: true, schedule: { enabled: true, startTime: '2030-05-01T02:00:00Z', endTime: null } }, 'Please set both start and end times'],
      [{ maintenance_mode: true, schedule: { enabled: true, startTime: null, endTime: null } }, 'Please set both start and end times'],
      [{ maintenance_mode: true, schedule: { enabled: true, startTime: '2030-05-01T02:00:00Z', endTime: '2030-05-01T01:00:00Z' } }, 'End time must be after start time'],
      [{ maintenance_mode: 'on' }, 'maintenance_mode must be true or false'],
      [{}, 'maintenance_mode must be true or false'],
      [{ maintenance_mode: true, schedule: { enabled: true, startTime: 'soon', endTime: '2030-05-01T01:00:00Z' } }, 'Start time must be a date and time (ISO 8601)'],
    ];
    for (const [payload, error] of cases) {
      const res = await put(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error).toBe(error);
    }
    expect(await row()).toEqual(before);
  });

  it('refuses a write sent from another site even with the admin cookie', async () => {
    const before = await row();
    const res = await put({ maintenance_mode: !before.maintenanceMode }, { cookie, origin: 'https://evil.example' });
    expect(res.statusCode).toBe(403);
    expect(await row()).toEqual(before);
  });
});

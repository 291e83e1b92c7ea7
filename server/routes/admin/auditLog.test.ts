import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog } from '../../db/schema';
import { createTestApp, type TestApp } from '../../testing/app';
import { TEST_ADMIN_ENV, loginTestAdmin } from './testAdmin';

describe('GET /api/admin/audit-log', () => {
  let t: TestApp;
  let cookie: string;
  const get = (query = '', headers: Record<string, string> = { cookie }) => t.app.inject({ method: 'GET', url: `/api/admin/audit-log${query}`, headers });

  beforeAll(async () => {
    t = await createTestApp(TEST_ADMIN_ENV);
    cookie = await loginTestAdmin(t.app);
    // Real writes through the API, then a second admin's rows as another process would leave them.
    for (const address of ['203.0.113.1', '203.0.113.2', '203.0.113.3']) {
      const res = await t.app.inject({ method: 'POST', url: '/api/admin/ip-blocks', payload: { address }, headers: { cookie } });
      expect(res.statusCode).toBe(201);
    }
    await t.services.db.insert(adminAuditLog).values([
      { adminUsername: 'ops2', action: 'maintenance_updated', target: 'site_settings', details: { maintenance_mode: true }, ipAddress: '198.51.100.2' },
      { adminUsername: 'ops2', action: 'ip_blocked', target: '198.51.100.0/24', details: {}, ipAddress: '198.51.100.2' },
    ]);
  });
  afterAll(async () => { await t.close(); });

  it('refuses without a live admin session: none, forged, expired', async () => {
    for (const headers of [{}, { cookie: `cm_admin=${'b'.repeat(64)}` }] as Record<string, string>[]) {
      for (const url of ['', '/filters']) {
        const res = await t.app.inject({ method: 'GET', url: `/api/admin/audit-log${url}`, headers });
        expect(res.statusCode).toBe(401);
      }
    }
    const realNow = t.services.now;
    t.services.now = () => new Date(Date.now() + 25 * 3600_000);
    try {
      expect((await get()).statusCode).toBe(401);
    } finally {
      t.services.now = realNow;
    }
  });

  it('lists entries newest first and pages through them with before', async () => {
    const all = (await get()).json();
    const ids = all.entries.map((e: { id: number }) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(all.next_before).toBeNull();
    expect(all.entries[0]).toEqual({
      id: expect.any(Number), admin_username: 'ops2', action: 'ip_blocked', target: '198.51.100.0/24', details: {},
      ip_address: '198.51.100.2', created_at: expect.any(String),
    });
    expect(all.entries.find((e: { target: string }) => e.target === '203.0.113.2')).toMatchObject({ admin_username: 'boss', action: 'ip_blocked', ip_address: '127.0.0.1' });

    const seen: number[] = [];
    let before: number | null = null;
    do {
      const page: { entries: { id: number }[]; next_before: number | null } = (await get(`?limit=2${before ? `&before=${before}` : ''}`)).json();
      expect(page.entries.length).toBeLessThanOrEqual(2);
      seen.push(...page.entries.map((e) => e.id));
      before = page.next_before;
    } while (before !== null);
    expect(seen).toEqual(ids);
  });

  it('filters by admin and by action, together or alone, and lists the filter choices', async () => {
    const byAdmin = (await get('?admin=ops2')).json().entries;
    expect(byAdmin.map((e: { action: string }) => e.action)).toEqual(['ip_blocked', 'maintenance_updated']);
    const byAction = (await get('?action=ip_blocked')).json().entries;
    expect(byAction.map((e: { target: string }) => e.target)).toEqual(['198.51.100.0/24', '203.0.113.3', '203.0.113.2', '203.0.113.1']);
    const both = (await get('?admin=boss&action=ip_blocked&limit=1')).json();
    expect(both.entries.map((e: { target: string }) => e.target)).toEqual(['203.0.113.3']);
    expect(both.next_before).toBe(both.entries[0].id);
    expect((await get('?admin=nobody')).json()).toEqual({ entries: [], next_before: null });

    const filters = (await t.app.inject({ method: 'GET', url: '/api/admin/audit-log/filters', headers: { cookie } })).json();
    // 'system' created the first admin at start-up.
    expect(filters.admins).toEqual(['boss', 'ops2', 'system']);
    expect(filters.actions).toEqual(expect.arrayContaining(['ip_blocked', 'maintenance_updated']));
  });

  it('refuses a bad query with a 400', async () => {
    const cases: [string, string][] = [
      ['?limit=0', 'limit must be an integer from 1 to 100'],
      ['?limit=101', 'limit must be an integer from 1 to 100'],
      ['?limit=ten', 'limit must be an integer from 1 to 100'],
      ['?before=-3', 'before must be a positive integer'],
      ['?before=1.5', 'before must be a positive integer'],
      [`?admin=${'x'.repeat(101)}`, 'admin must be at most 100 characters'],
    ];
    for (const [query, error] of cases) {
      const res = await get(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error).toBe(error);
    }
  });
});

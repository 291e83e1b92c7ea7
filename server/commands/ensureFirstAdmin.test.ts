import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAccounts, adminAuditLog } from '../db/schema';
import { createTestApp, type TestApp } from '../testing/app';
import { ensureFirstAdmin } from './ensureFirstAdmin';

describe('ensureFirstAdmin', () => {
  let t: TestApp;
  let n = 0;
  const login = (username: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/admin/login', payload: { username, password }, remoteAddress: `10.1.0.${++n}` });

  beforeAll(async () => { t = await createTestApp(); });
  afterAll(async () => { await t.close(); });

  it('generated an admin at start in local mode, and generates nothing more while one exists', async () => {
    const rows = await t.services.db.select().from(adminAccounts);
    expect(rows.map((r) => r.username)).toEqual(['admin']);
    expect(rows[0].passwordHash).toMatch(/^scrypt\$/);
    expect(await ensureFirstAdmin(t.services)).toBeNull();
  });

  it('generates exactly one admin when several processes start at once on an empty table, and its password works', async () => {
    await t.services.db.delete(adminAccounts);
    const results = await Promise.all([1, 2, 3].map(() => ensureFirstAdmin(t.services)));
    const generated = results.filter((r) => r !== null);
    expect(generated).toHaveLength(1);
    expect(generated[0]!.username).toBe('admin');
    expect(generated[0]!.password.length).toBeGreaterThanOrEqual(20);
    expect(await t.services.db.$count(adminAccounts)).toBe(1);
    expect((await login('admin', generated[0]!.password)).statusCode).toBe(200);
    expect(await t.services.db.$count(adminAuditLog, eq(adminAuditLog.action, 'admin_generated'))).toBeGreaterThanOrEqual(1);
  });

  it('generates none on a real cluster', async () => {
    await t.services.db.delete(adminAccounts);
    const remote = { ...t.services, env: { ...t.services.env, localMode: false, testNetwork: false } };
    expect(await ensureFirstAdmin(remote)).toBeNull();
    expect(await t.services.db.$count(adminAccounts)).toBe(0);
  });

  it('creates the configured admin, and sets its password from the environment on a later start', async () => {
    const withEnv = (password: string) => ({ ...t.services, env: { ...t.services.env, ADMIN_USERNAME: 'ops', ADMIN_PASSWORD: password } });
    expect(await ensureFirstAdmin(withEnv('first-password-123'))).toBeNull();
    expect((await login('ops', 'first-password-123')).statusCode).toBe(200);
    await ensureFirstAdmin(withEnv('second-password-456'));
    expect((await login('ops', 'first-password-123')).statusCode).toBe(401);
    expect((await login('ops', 'second-password-456')).statusCode).toBe(200);
  });
});

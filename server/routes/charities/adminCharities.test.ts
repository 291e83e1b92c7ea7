import { Keypair } from '@solana/web3.js';
import { asc, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashSessionToken } from '../../auth/admin/session';
import { moveCharity } from '../../commands/moveCharity';
import { adminAuditLog, adminSessions, verifiedCharities } from '../../db/schema';
import type { AppEvent } from '../../events/hub';
import { createTestApp, type TestApp } from '../../testing/app';
import { TEST_ADMIN_ENV, loginTestAdmin } from '../admin/testAdmin';

const wallet = () => Keypair.generate().publicKey.toBase58();

describe('/api/admin/charities', () => {
  let t: TestApp;
  let cookie: string;
  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown, headers: Record<string, string> = { cookie }) =>
    t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  const table = () => t.services.db.select().from(verifiedCharities).orderBy(asc(verifiedCharities.id));
  const audits = () => t.services.db.select().from(adminAuditLog).orderBy(asc(adminAuditLog.id));
  const lastAudit = async () => (await t.services.db.select().from(adminAuditLog).orderBy(desc(adminAuditLog.id)).limit(1))[0]!;
  const adminOrder = async () => (await call('GET', '/api/admin/charities')).json().charities.map((c: { id: number }) => c.id);
  const valid = () => ({ name: 'Riverbend Food Bank', category: 'Basic Needs', wallet_address: wallet(), website: 'riverbend.example' });

  beforeAll(async () => {
    t = await createTestApp(TEST_ADMIN_ENV);
    cookie = await loginTestAdmin(t.app);
  });
  afterAll(async () => { await t?.close(); });

  it('refuses every endpoint without a live admin session: none, forged, expired; nothing changes', async () => {
    const [first] = await table();
    const expiredCookie = await loginTestAdmin(t.app);
    await t.services.db.update(adminSessions).set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(adminSessions.tokenHash, hashSessionToken(expiredCookie.split('=')[1]!)));
    const before = { rows: await table(), audits: (await audits()).length };
    const requests: [Parameters<typeof call>[0], string, unknown][] = [
      ['GET', '/api/admin/charities', undefined],
      ['POST', '/api/admin/charities', valid()],
      ['PATCH', `/api/admin/charities/${first!.id}`, { is_active: false }],
      ['DELETE', `/api/admin/charities/${first!.id}`, undefined],
      ['POST', `/api/admin/charities/${first!.id}/move`, { direction: 'down' }],
    ];
    for (const headers of [{}, { cookie: `cm_admin=${'ab'.repeat(32)}` }, { cookie: 'cm_admin=forged' }, { cookie: expiredCookie }] as Record<string, string>[]) {
      for (const [method, url, payload] of requests) {
        const res = await call(method, url, payload, headers);
        expect(res.statusCode, `${method} ${url} ${JSON.stringify(headers)}`).toBe(401);
        expect(res.json()).toEqual({ error: 'Admin session required' });
      }
    }
    expect(await table()).toEqual(before.rows);
    expect((await audits()).length).toBe(before.audits);
  });

  it('lists every charity, inactive too, in display order', async () => {
    const res = await call('GET', '/api/admin/charities');
    expect(res.statusCode).toBe(200);
    const { charities } = res.json();
    expect(charities).toHaveLength((await table()).length);
    expect(charities.some((c: { is_active: boolean }) => !c.is_active)).toBe(true);
    const orders = charities.map((c: { display_order: number }) => c.display_order);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
    expect(charities[0]).toMatchObject({ created_at: expect.any(String), updated_at: expect.any(String), wallet_address: expect.any(String) });
  });

  it('adds a charity at the end, active by default, audited and announced; the public list shows it', async () => {
    const seen: AppEvent[] = [];
    const stop = t.services.events.subscribe((e) => seen.push(e));
    const maxBefore = Math.max(...(await table()).map((r) => r.displayOrder));
    const input = { ...valid(), website_url: 'https://riverbend.example/give', logo: '', description: '  Meals for families.  ' };
    const res = await call('POST', '/api/admin/charities', input);
    expect(res.statusCode).toBe(201);
    const { charity } = res.json();
    expect(charity).toMatchObject({
      name: input.name, category: 'Basic Needs', wallet_address: input.wallet_address, website: 'riverbend.example',
      website_url: 'https://riverbend.example/give', logo: null, description: 'Meals for families.', is_active: true, display_order: maxBefore + 1,
    });
    const audit = await lastAudit();
    expect(audit).toMatchObject({ action: 'charity_created', target: `charity:${charity.id}`, adminUsername: 'boss', ipAddress: '127.0.0.1' });
    expect(audit.details).toMatchObject({ before: null, after: { name: input.name, wallet_address: input.wallet_address, display_order: maxBefore + 1 } });
    await expect.poll(() => seen.map((e) => e.type)).toContain('charities_changed');
    stop();
    const publicList = (await t.app.inject({ method: 'GET', url: '/api/charities' })).json().charities;
    expect(publicList.at(-1)).toMatchObject({ id: charity.id, paid_sol: '0', paid_lamports: '0', paying_campaigns: 0 });
  });

  it('refuses bad input with a 400 and the message, storing nothing', async () => {
    const [existing] = await table();
    const before = { rows: await table(), audits: (await audits()).length };
    const cases: [unknown, string][] = [
      [{ ...valid(), name: '  ' }, 'Name is required'],
      [{ ...valid(), name: undefined }, 'Name is required'],
      [{ ...valid(), category: 'Sports' }, 'Please choose a category from the list'],
      [{ ...valid(), category: undefined }, 'Please choose a category from the list'],
      [{ ...valid(), wallet_address: '' }, 'Wallet address is required'],
      [{ ...valid(), wallet_address: 'not-a-wallet' }, 'Invalid Solana wallet address'],
      [{ ...valid(), wallet_address: '2'.repeat(32) }, 'Invalid Solana wallet address'],
      [{ ...valid(), wallet_address: existing!.walletAddress }, 'A charity with this wallet address already exists'],
      [{ ...valid(), website: '' }, 'Website is required'],
      [{ ...valid(), website_url: 'javascript:alert(1)' }, 'Website URL must be a full link starting with http:// or https://'],
      [{ ...valid(), logo: 'javascript:alert(1)' }, 'Logo must be a link starting with http://, https:// or /'],
      [{ ...valid(), description: 'x'.repeat(1001) }, 'Description must be at most 1000 characters'],
      [{ ...valid(), is_active: 'yes' }, 'is_active must be true or false'],
      [null, 'Name is required'],
    ];
    for (const [payload, error] of cases) {
      const res = await call('POST', '/api/admin/charities', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error).toBe(error);
    }
    const patches: [string, unknown, number, string][] = [
      [`/api/admin/charities/${existing!.id}`, {}, 400, 'Nothing to update'],
      [`/api/admin/charities/${existing!.id}`, { name: '' }, 400, 'Name is required'],
      [`/api/admin/charities/${existing!.id}`, { wallet_address: before.rows[1]!.walletAddress }, 400, 'A charity with this wallet address already exists'],
      ['/api/admin/charities/abc', { name: 'X' }, 400, 'id must be a positive whole number'],
      ['/api/admin/charities/999999', { name: 'X' }, 404, 'Charity not found'],
    ];
    for (const [url, payload, status, error] of patches) {
      const res = await call('PATCH', url, payload);
      expect(res.statusCode, `${url} ${JSON.stringify(payload)}`).toBe(status);
      expect(res.json().error).toBe(error);
    }
    for (const payload of [{}, { direction: 'sideways' }]) {
      const res = await call('POST', `/api/admin/charities/${existing!.id}/move`, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe("direction must be 'up' or 'down'");
    }
    expect((await call('DELETE', '/api/admin/charities/999999')).statusCode).toBe(404);
    expect(await table()).toEqual(before.rows);
    expect((await audits()).length).toBe(before.audits);
  });

  it('edits fields (keeping the ones left out, clearing blanks) and toggles active; the public list follows', async () => {
    const [row] = await table();
    let res = await call('PATCH', `/api/admin/charities/${row!.id}`, { description: 'New words', logo: '/ipfs/bafkreia5qq7jzb4xq3yqz4rfsyvbdrgdn7xdsm6p3q4nyr4k2kmcyz6dqe' });
    expect(res.statusCode).toBe(200);
    expect(res.json().charity).toMatchObject({ name: row!.name, website: row!.website, description: 'New words', logo: '/ipfs/bafkreia5qq7jzb4xq3yqz4rfsyvbdrgdn7xdsm6p3q4nyr4k2kmcyz6dqe' });
    let audit = await lastAudit();
    expect(audit.action).toBe('charity_updated');
    expect(audit.details).toMatchObject({ before: { description: row!.description }, after: { description: 'New words' } });

    res = await call('PATCH', `/api/admin/charities/${row!.id}`, { description: '' });
    expect(res.json().charity.description).toBeNull();

    res = await call('PATCH', `/api/admin/charities/${row!.id}`, { is_active: false });
    expect(res.json().charity.is_active).toBe(false);
    audit = await lastAudit();
    expect(audit).toMatchObject({ action: 'charity_deactivated', details: { before: { is_active: true }, after: { is_active: false } } });
    const publicIds = () => t.app.inject({ method: 'GET', url: '/api/charities' }).then((r) => r.json().charities.map((c: { id: number }) => c.id));
    expect(await publicIds()).not.toContain(row!.id);

    res = await call('PATCH', `/api/admin/charities/${row!.id}`, { is_active: true });
    expect((await lastAudit()).action).toBe('charity_activated');
    expect(await publicIds()).toContain(row!.id);
  });

  it('moves a charity up and down by swapping with its neighbour; the ends do not move', async () => {
    const ids = await adminOrder();
    let res = await call('POST', `/api/admin/charities/${ids[1]}/move`, { direction: 'up' });
    expect(res.statusCode).toBe(200);
    expect(res.json().moved).toBe(true);
    expect(await adminOrder()).toEqual([ids[1], ids[0], ...ids.slice(2)]);
    const audit = await lastAudit();
    expect(audit).toMatchObject({ action: 'charity_moved', target: `charity:${ids[1]}` });
    expect((audit.details as { before: unknown[]; after: unknown[] }).after).toHaveLength(2);

    res = await call('POST', `/api/admin/charities/${ids[1]}/move`, { direction: 'down' });
    expect(await adminOrder()).toEqual(ids);

    const rowsBefore = await table();
    expect((await call('POST', `/api/admin/charities/${ids[0]}/move`, { direction: 'up' })).json().moved).toBe(false);
    expect((await call('POST', `/api/admin/charities/${ids.at(-1)}/move`, { direction: 'down' })).json().moved).toBe(false);
    expect(await table()).toEqual(rowsBefore);
  });

  it('a move that fails between its two writes leaves the order unchanged and records nothing', async () => {
    const ids = await adminOrder();
    const rowsBefore = await table();
    const auditCount = (await audits()).length;
    const actor = { id: null, username: 'boss', ip: '127.0.0.1' };
    // A real constraint of the table refuses a write after the first half of the swap.
    const failing = moveCharity(t.services, actor, ids[2], 'up', {
      afterFirstWrite: async (tx) => { await tx.execute(sql`update ${verifiedCharities} set name = null where id = ${ids[0]}`); },
    });
    await expect(failing).rejects.toThrow();
    expect(await table()).toEqual(rowsBefore);
    expect(await adminOrder()).toEqual(ids);
    expect((await audits()).length).toBe(auditCount);
  });

  it('two rows sharing a place still swap', async () => {
    const ids = await adminOrder();
    const [a] = await t.services.db.select().from(verifiedCharities).where(eq(verifiedCharities.id, ids[0]));
    await t.services.db.update(verifiedCharities).set({ displayOrder: a!.displayOrder }).where(eq(verifiedCharities.id, ids[1]));
    await call('POST', `/api/admin/charities/${ids[1]}/move`, { direction: 'up' });
    expect((await adminOrder()).slice(0, 2)).toEqual([ids[1], ids[0]]);
  });

  it('deletes a charity, audited with the row before', async () => {
    const ids = await adminOrder();
    const res = await call('DELETE', `/api/admin/charities/${ids[3]}`);
    expect(res.statusCode).toBe(200);
    expect(await adminOrder()).toEqual(ids.filter((id: number) => id !== ids[3]));
    expect(await lastAudit()).toMatchObject({ action: 'charity_deleted', target: `charity:${ids[3]}`, details: { after: null, before: { name: expect.any(String) } } });
    expect((await call('DELETE', `/api/admin/charities/${ids[3]}`)).statusCode).toBe(404);
  });

  it('refuses a write sent from another site even with the admin cookie', async () => {
    const before = await table();
    const res = await call('POST', '/api/admin/charities', valid(), { cookie, origin: 'https://evil.example' });
    expect(res.statusCode).toBe(403);
    expect(await table()).toEqual(before);
  });
});

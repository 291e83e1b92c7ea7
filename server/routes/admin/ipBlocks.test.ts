import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { adminAuditLog, adminSessions, ipBlocks } from '../../db/schema';
import { BLOCKED_MESSAGE } from '../../security/ipBlockGuard';
import { IpBlockList, IP_BLOCKS_CHANGED } from '../../security/ipBlockList';
import { createTestApp, type TestApp } from '../../testing/app';
import { TEST_ADMIN_ENV, loginTestAdmin } from './testAdmin';

describe('/api/admin/ip-blocks (behind trusted proxies)', () => {
  let t: TestApp;
  let cookie: string;
  // Behind our proxies (10.9.9.9, reached over loopback), the client is the right-most
  // X-Forwarded-For hop that is not one of them.
  const from = (ip: string, extra: Record<string, string> = {}): Record<string, string> => ({ 'x-forwarded-for': `${ip}, 10.9.9.9`, ...extra });
  const ADMIN_IP = '192.0.2.10';
  const asAdmin = (extra: Record<string, string> = {}) => from(ADMIN_IP, { cookie, ...extra });
  const block = (payload: unknown, headers = asAdmin()) => t.app.inject({ method: 'POST', url: '/api/admin/ip-blocks', payload: payload as object, headers });
  const unblock = (id: number | string, headers = asAdmin()) => t.app.inject({ method: 'DELETE', url: `/api/admin/ip-blocks/${id}`, headers });
  const list = (headers = asAdmin()) => t.app.inject({ method: 'GET', url: '/api/admin/ip-blocks', headers });
  const visit = (ip: string, url = '/api/config') => t.app.inject({ method: 'GET', url, headers: from(ip) });
  const rows = () => t.services.db.select().from(ipBlocks);
  const audits = () => t.services.db.select().from(adminAuditLog).orderBy(desc(adminAuditLog.id));

  beforeAll(async () => {
    t = await createTestApp({ ...TEST_ADMIN_ENV, TRUST_PROXY: '127.0.0.1,10.0.0.0/8' });
    cookie = await loginTestAdmin(t.app);
  });
  afterAll(async () => { await t.close(); });

  it('every endpoint refuses without a live admin session: none, forged, expired', async () => {
    const [session] = await t.services.db.select().from(adminSessions).orderBy(desc(adminSessions.id)).limit(1);
    const requests = (headers: Record<string, string>) => [list(headers), block({ address: '203.0.113.1' }, headers), unblock(1, headers)];
    for (const bad of [{}, { cookie: `cm_admin=${'a'.repeat(64)}` }, { cookie: 'cm_admin=not-a-token' }] as Record<string, string>[]) {
      for (const res of await Promise.all(requests(from(ADMIN_IP, bad)))) {
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ error: 'Admin session required' });
      }
    }
    const realNow = t.services.now;
    t.services.now = () => new Date(session.expiresAt.getTime() + 1000);
    try {
      for (const res of await Promise.all(requests(asAdmin()))) expect(res.statusCode).toBe(401);
    } finally {
      t.services.now = realNow;
    }
    expect(await rows()).toEqual([]);
  });

  it('blocks an address: stored with who and when, audited, enforced at once (403 JSON under /api, a plain page elsewhere), and lifted', async () => {
    expect((await visit('203.0.113.7')).statusCode).toBe(200);
    const auditCount = (await audits()).length;
    const res = await block({ address: ' 203.0.113.7 ' });
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toEqual({ id: expect.any(Number), address: '203.0.113.7', blocked_by: 'boss', created_at: expect.any(String) });
    expect(Math.abs(Date.parse(created.created_at) - Date.now())).toBeLessThan(60_000);

    const [audit] = await audits();
    expect((await audits()).length).toBe(auditCount + 1);
    expect(audit).toMatchObject({ action: 'ip_blocked', target: '203.0.113.7', adminUsername: 'boss', ipAddress: ADMIN_IP, details: { id: created.id, address: '203.0.113.7', own_address: false } });

    const api = await visit('203.0.113.7');
    expect(api.statusCode).toBe(403);
    expect(api.json()).toEqual({ error: BLOCKED_MESSAGE });
    const page = await visit('203.0.113.7', '/campaign/anything');
    expect(page.statusCode).toBe(403);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('Access blocked');
    expect(page.body).not.toMatch(/<script/i);
    // Writes and unknown paths too, before any other check.
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/login', payload: {}, headers: from('203.0.113.7') })).statusCode).toBe(403);
    expect((await visit('203.0.113.8')).statusCode).toBe(200);
    // What the client wrote itself sits left of what our proxy appended: it never names the client.
    const forwarded = (xff: string) => t.app.inject({ method: 'GET', url: '/api/config', headers: { 'x-forwarded-for': xff } });
    expect((await forwarded('198.51.100.1, 203.0.113.7')).statusCode).toBe(403);
    expect((await forwarded('198.51.100.1, 203.0.113.7, 10.9.9.9')).statusCode).toBe(403);
    expect((await forwarded('203.0.113.7, 198.51.100.1')).statusCode).toBe(200);

    const listed = (await list()).json();
    expect(listed.your_ip).toBe(ADMIN_IP);
    expect(listed.blocks).toEqual([created]);

    const lifted = await unblock(created.id);
    expect(lifted.statusCode).toBe(200);
    expect(lifted.json()).toEqual(created);
    expect((await visit('203.0.113.7')).statusCode).toBe(200);
    expect(await rows()).toEqual([]);
    const [unaudit] = await audits();
    expect(unaudit).toMatchObject({ action: 'ip_unblocked', target: '203.0.113.7', adminUsername: 'boss', details: { id: created.id, address: '203.0.113.7', blocked_by: 'boss' } });
  });

  it('matches CIDR ranges for IPv4 and IPv6, including IPv4-mapped client addresses', async () => {
    const v4 = (await block({ address: '198.51.100.77/24' })).json();
    expect(v4.address).toBe('198.51.100.0/24');
    const v6 = (await block({ address: '2001:DB8:AB::/48' })).json();
    expect(v6.address).toBe('2001:db8:ab::/48');
    const cases: [string, number][] = [
      ['198.51.100.0', 403], ['198.51.100.255', 403], ['::ffff:198.51.100.3', 403], ['198.51.101.0', 200], ['198.51.99.255', 200],
      ['2001:db8:ab::1', 403], ['2001:db8:ab:ffff:ffff:ffff:ffff:ffff', 403], ['2001:0DB8:00AB:0:0:0:0:9', 403], ['2001:db8:ac::1', 200], ['2001:db8::1', 200],
    ];
    for (const [ip, status] of cases) expect((await visit(ip)).statusCode, ip).toBe(status);
    expect((await unblock(v4.id)).statusCode).toBe(200);
    expect((await unblock(v6.id)).statusCode).toBe(200);
    for (const [ip] of cases) expect((await visit(ip)).statusCode, ip).toBe(200);
  });

  it("refuses the admin's own address without confirm: true, and blocks it with it", async () => {
    const auditCount = (await audits()).length;
    const refused = await block({ address: '192.0.2.0/24' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: `This would block your own address (${ADMIN_IP}). Confirm to block it anyway.`, confirm_required: true });
    expect((await block({ address: ADMIN_IP, confirm: false })).statusCode).toBe(409);
    expect(await rows()).toEqual([]);
    expect((await audits()).length).toBe(auditCount);

    const confirmed = await block({ address: '192.0.2.0/24', confirm: true });
    expect(confirmed.statusCode).toBe(201);
    expect((await audits())[0]).toMatchObject({ action: 'ip_blocked', target: '192.0.2.0/24', details: { own_address: true } });
    // The admin is now blocked too: even the admin API answers 403 from there.
    expect((await list()).statusCode).toBe(403);
    // From another address the session still works and lifts it.
    expect((await unblock(confirmed.json().id, from('203.0.113.50', { cookie }))).statusCode).toBe(200);
    expect((await list()).statusCode).toBe(200);
  });

  it('refuses bad input with a 400 and a duplicate with a 409, storing and auditing nothing', async () => {
    const auditCount = (await audits()).length;
    const cases: [unknown, string][] = [
      [{}, 'Please enter an IP address or range'],
      [{ address: '  ' }, 'Please enter an IP address or range'],
      [{ address: 42 }, 'Please enter an IP address or range'],
      [{ address: 'example.com' }, 'Enter an IP address (e.g. 203.0.113.7) or a CIDR range (e.g. 203.0.113.0/24)'],
      [{ address: '203.0.113.300' }, 'Enter an IP address (e.g. 203.0.113.7) or a CIDR range (e.g. 203.0.113.0/24)'],
      [{ address: '203.0.113.0/40' }, 'Enter an IP address (e.g. 203.0.113.7) or a CIDR range (e.g. 203.0.113.0/24)'],
      [{ address: '0.0.0.0/0', confirm: true }, 'A range wider than /8 (IPv4) or /16 (IPv6) would block too much; enter a narrower one'],
      [{ address: '::/0', confirm: true }, 'A range wider than /8 (IPv4) or /16 (IPv6) would block too much; enter a narrower one'],
      [{ address: '203.0.113.9', confirm: 'yes' }, 'confirm must be true or false'],
    ];
    for (const [payload, error] of cases) {
      const res = await block(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error).toBe(error);
    }
    for (const id of ['abc', '0', '-1', '1.5', '99999999999']) {
      const res = await unblock(id);
      expect(res.statusCode, id).toBe(400);
      expect(res.json().error).toBe('id must be a positive integer');
    }
    expect((await unblock(987654)).statusCode).toBe(404);
    expect(await rows()).toEqual([]);

    const first = await block({ address: '203.0.113.9' });
    expect(first.statusCode).toBe(201);
    const again = await block({ address: '203.0.113.9/32' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('203.0.113.9 is already blocked');
    expect(await rows()).toHaveLength(1);
    expect((await audits()).length).toBe(auditCount + 1);
    await unblock(first.json().id);
  });

  it('refuses the /api/rpc websocket upgrade from a blocked address too', async () => {
    const created = (await block({ address: '203.0.113.88' })).json();
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const upgrade = (ip: string) => new Promise<number>((resolve, reject) => {
      const ws = new WebSocket(`${base.replace('http', 'ws')}/api/rpc`, { headers: from(ip) });
      ws.once('open', () => { ws.terminate(); resolve(101); });
      // The client leaves the refused socket open: only the server's close can end it (else app.close() hangs).
      ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      ws.once('error', reject);
    });
    expect(await upgrade('203.0.113.88')).toBe(403);
    expect(await upgrade('203.0.113.89')).toBe(101);
    await unblock(created.id);
  });

  it('refuses a write sent from another site even with the admin cookie', async () => {
    const res = await block({ address: '203.0.113.10' }, asAdmin({ origin: 'https://evil.example' }));
    expect(res.statusCode).toBe(403);
    expect(await rows()).toEqual([]);
  });

  // No event is published here, so only the poll (every 500 ms) can carry the change. The
  // timeouts are generous because a loaded CI machine can stall the database for seconds;
  // how fast it is belongs to the poll interval, not to this test's clock.
  it("another process's block reaches this one by the poll when no event comes", async () => {
    const [row] = await t.services.db.insert(ipBlocks).values({ address: '203.0.113.66', blockedByUsername: 'elsewhere' }).returning();
    await expect.poll(async () => (await visit('203.0.113.66')).statusCode, { timeout: 15_000, interval: 50 }).toBe(403);
    await t.services.db.delete(ipBlocks).where(eq(ipBlocks.id, row.id));
    await expect.poll(async () => (await visit('203.0.113.66')).statusCode, { timeout: 15_000, interval: 50 }).toBe(200);
  });

  it('and by the NOTIFY event at once, without waiting for a poll', async () => {
    const slow = new IpBlockList(t.services, 60_000);
    await slow.start();
    try {
      await t.services.db.insert(ipBlocks).values({ address: '2001:db8:77::/64', blockedByUsername: 'elsewhere' });
      expect(slow.isBlocked('2001:db8:77::5')).toBe(false);
      await t.services.events.publish({ type: IP_BLOCKS_CHANGED });
      await expect.poll(() => slow.isBlocked('2001:db8:77::5'), { timeout: 15_000, interval: 10 }).toBe(true);
    } finally {
      slow.stop();
      await t.services.db.delete(ipBlocks).where(eq(ipBlocks.address, '2001:db8:77::/64'));
    }
  });
});

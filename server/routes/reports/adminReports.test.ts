import { Keypair } from '@solana/web3.js';
import { desc, eq } from 'drizzle-orm';
import { FLAG_REASON_MESSAGES } from '../../../core/schemas/moderation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashSessionToken } from '../../auth/admin/session';
import { adminAuditLog, adminSessions, campaignReports, campaigns } from '../../db/schema';
import type { AppEvent } from '../../events/hub';
import { createTestApp, type TestApp } from '../../testing/app';
import { TEST_ADMIN_ENV, loginTestAdmin } from '../admin/testAdmin';

const address = () => Keypair.generate().publicKey.toBase58();
const LONG = 'The creator is using photos of another family and asking for money for their surgery.';

describe('/api/admin/reports', () => {
  let t: TestApp;
  let cookie: string;
  const mint = address();
  const ids: Record<string, number> = {};
  const audits = async () => t.services.db.select().from(adminAuditLog).orderBy(desc(adminAuditLog.id));
  const report = async (id: number) => (await t.services.db.select().from(campaignReports).where(eq(campaignReports.id, id)))[0];
  const campaign = async () => (await t.services.db.select().from(campaigns).where(eq(campaigns.tokenAddress, mint)))[0];
  const list = (query = '', headers: Record<string, string> = { cookie }) => t.app.inject({ method: 'GET', url: `/api/admin/reports${query}`, headers });
  const patch = (id: number | string, payload: unknown, headers: Record<string, string> = { cookie }) =>
    t.app.inject({ method: 'PATCH', url: `/api/admin/reports/${id}`, payload: payload as object, headers });
  const flag = (id: number | string, payload: unknown = {}, headers: Record<string, string> = { cookie }) =>
    t.app.inject({ method: 'POST', url: `/api/admin/reports/${id}/flag-campaign`, payload: payload as object, headers });

  beforeAll(async () => {
    t = await createTestApp(TEST_ADMIN_ENV);
    cookie = await loginTestAdmin(t.app);
    await t.services.db.insert(campaigns).values({ creatorWallet: address(), ticker: 'FAKE', name: 'Fake Surgery', goalLamports: 1n, tokenAddress: mint });
    let ip = 0;
    for (const [key, reportType] of [['a', 'Fraudulent/Scam'], ['b', 'Identity Theft'], ['c', 'Other']] as const) {
      const res = await t.app.inject({
        method: 'POST', url: '/api/reports', remoteAddress: `10.2.0.${++ip}`,
        payload: { token_address: mint, report_type: reportType, description: LONG, contact_email: `${key}@example.org`, agree: true },
      });
      expect(res.statusCode).toBe(201);
      ids[key] = res.json().id;
    }
    // A report of a campaign that has since gone from the platform (or came from the old form).
    const [orphan] = await t.services.db.insert(campaignReports).values({ campaignTicker: 'GONE', reportType: 'Other', description: LONG }).returning();
    ids.orphan = orphan.id;
  });
  afterAll(async () => { await t.close(); });

  it('refuses every call without a live admin session (none, forged, expired) with a 401, changing nothing', async () => {
    const expiring = await loginTestAdmin(t.app);
    await t.services.db.update(adminSessions).set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(adminSessions.tokenHash, hashSessionToken(expiring.split('=')[1])));
    const auditCount = (await audits()).length;
    const before = await report(ids.a);
    for (const headers of [{}, { cookie: `cm_admin=${'0'.repeat(64)}` }, { cookie: 'cm_admin=forged' }, { cookie: expiring }] as Record<string, string>[]) {
      for (const res of [await list('', headers), await patch(ids.a, { status: 'resolved' }, headers), await flag(ids.a, {}, headers)]) {
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ error: 'Admin session required' });
      }
    }
    expect(await report(ids.a)).toEqual(before);
    expect((await campaign()).flagged).toBe(false);
    expect((await audits()).length).toBe(auditCount);
  });

  it('lists reports newest first with every field, the reported campaign and the counts; filters by status', async () => {
    const res = await list();
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.counts).toEqual({ total: 4, pending: 4, investigating: 0, resolved: 0, dismissed: 0 });
    expect(body.total).toBe(4);
    expect(body.reports.map((r: { id: number }) => r.id)).toEqual([ids.orphan, ids.c, ids.b, ids.a]);
    expect(body.reports[3]).toEqual({
      id: ids.a, campaign_ticker: 'FAKE', token_address: mint, campaign: { name: 'Fake Surgery', flagged: false, verified: false },
      report_type: 'Fraudulent/Scam', description: LONG, evidence: null, contact_email: 'a@example.org', x_handle: null,
      telegram_handle: null, status: 'pending', submitted_at: expect.any(String), admin_notes: null, resolution: null, updated_at: expect.any(String),
    });
    expect(body.reports[0]).toMatchObject({ campaign_ticker: 'GONE', token_address: null, campaign: null });
    expect((await list('?status=investigating')).json()).toMatchObject({ reports: [], total: 0 });
    expect((await list('?status=pending&limit=2&offset=1')).json().reports.map((r: { id: number }) => r.id)).toEqual([ids.c, ids.b]);
    const bad = await list('?status=open');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('status must be one of: pending, investigating, resolved, dismissed, closed, all');
  });

  it('moves a report between any statuses, keeps notes left out, clears blank ones, audits before and after, tells admin pages', async () => {
    const seen: AppEvent[] = [];
    const stop = t.services.events.subscribe((e) => seen.push(e));
    let res = await patch(ids.a, { status: 'investigating', admin_notes: 'Asked the creator for receipts', resolution: '' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: ids.a, status: 'investigating', admin_notes: 'Asked the creator for receipts', resolution: null });
    const [audit] = await audits();
    expect(audit).toMatchObject({
      action: 'report_updated', target: `report:${ids.a}`, adminUsername: 'boss',
      details: {
        campaign_ticker: 'FAKE',
        before: { status: 'pending', admin_notes: null, resolution: null },
        after: { status: 'investigating', admin_notes: 'Asked the creator for receipts', resolution: null },
      },
    });
    await expect.poll(() => seen).toContainEqual({ type: 'report_updated', id: ids.a });

    res = await patch(ids.a, { status: 'resolved', resolution: 'Campaign flagged; creator banned' });
    expect(res.json()).toMatchObject({ status: 'resolved', admin_notes: 'Asked the creator for receipts', resolution: 'Campaign flagged; creator banned' });
    const stored = await report(ids.a);
    expect(stored.updatedAt.getTime()).toBeGreaterThan(stored.submittedAt.getTime());
    // Back again: the spec lets the admin set any of the four from any status.
    expect((await patch(ids.a, { status: 'pending', admin_notes: '' })).json()).toMatchObject({ status: 'pending', admin_notes: null });
    expect((await patch(ids.a, { status: 'resolved' })).statusCode).toBe(200);
    expect((await patch(ids.b, { status: 'dismissed', resolution: 'Not enough evidence' })).statusCode).toBe(200);
    expect((await patch(ids.c, { status: 'investigating' })).statusCode).toBe(200);

    expect((await list()).json().counts).toEqual({ total: 4, pending: 1, investigating: 1, resolved: 1, dismissed: 1 });
    const closed = (await list('?status=closed')).json();
    expect(closed.total).toBe(2);
    expect(closed.reports.map((r: { id: number }) => r.id).sort()).toEqual([ids.a, ids.b].sort());
    stop();
  });

  it('refuses a bad update with a 400 or an unknown report with a 404, changing nothing and auditing nothing', async () => {
    const auditCount = (await audits()).length;
    const before = await report(ids.c);
    const cases: [number | string, unknown, number, string][] = [
      [ids.c, {}, 400, 'Please choose a status'],
      [ids.c, { status: '' }, 400, 'Please choose a status'],
      [ids.c, { status: 'closed' }, 400, 'Please choose a status'],
      [ids.c, { status: 'resolved', admin_notes: 'n'.repeat(10_001) }, 400, 'Admin notes must be at most 10000 characters'],
      [ids.c, { status: 'resolved', resolution: 42 }, 400, 'Resolution must be at most 10000 characters'],
      ['abc', { status: 'resolved' }, 400, 'Report id must be a number'],
      [0, { status: 'resolved' }, 400, 'Report id must be a whole number'],
      [999_999, { status: 'resolved' }, 404, 'Report not found'],
    ];
    for (const [id, payload, status, error] of cases) {
      const res = await patch(id, payload);
      expect(res.statusCode, JSON.stringify([id, payload]).slice(0, 80)).toBe(status);
      expect(res.json().error).toBe(error);
    }
    const crossSite = await patch(ids.c, { status: 'resolved' }, { cookie, origin: 'https://evil.example' });
    expect(crossSite.statusCode).toBe(403);
    expect(await report(ids.c)).toEqual(before);
    expect((await audits()).length).toBe(auditCount);
  });

  it('flags the reported campaign in one step (audited, announced, gone from public lists) and can unflag it', async () => {
    const publicTickers = async () => (await t.app.inject({ method: 'GET', url: '/api/campaigns' })).json().campaigns.map((c: { ticker: string }) => c.ticker);
    expect(await publicTickers()).toContain('FAKE');
    const seen: AppEvent[] = [];
    const stop = t.services.events.subscribe((e) => seen.push(e));
    const unexplained = await flag(ids.b);
    expect(unexplained.statusCode).toBe(400);
    expect(unexplained.json().error).toBe(FLAG_REASON_MESSAGES.required);
    const res = await flag(ids.b, { reason: 'Confirmed: the surgery is made up' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ token_address: mint, flagged: true });
    expect((await campaign()).flagged).toBe(true);
    const [audit] = await audits();
    expect(audit).toMatchObject({
      action: 'campaign_flagged', target: `campaign:${mint}`, adminUsername: 'boss',
      details: { report_id: ids.b, ticker: 'FAKE', before: { flagged: false }, after: { flagged: true }, reason: 'Confirmed: the surgery is made up' },
    });
    await expect.poll(() => seen).toContainEqual({ type: 'campaign_flagged', tokenAddress: mint, flagged: true });
    await expect.poll(publicTickers).not.toContain('FAKE');
    expect((await list()).json().reports.find((r: { id: number }) => r.id === ids.b).campaign.flagged).toBe(true);

    expect((await flag(ids.b, { flagged: false })).json()).toEqual({ token_address: mint, flagged: false });
    expect((await campaign()).flagged).toBe(false);
    expect((await audits())[0]).toMatchObject({ action: 'campaign_unflagged', details: { before: { flagged: true }, after: { flagged: false } } });
    stop();
  });

  it('refuses to flag for a report of no campaign on the platform, an unknown report or a bad body, auditing nothing', async () => {
    const auditCount = (await audits()).length;
    const cases: [number | string, unknown, number, string][] = [
      [ids.orphan, { reason: 'A reason long enough' }, 409, 'The reported campaign is not on the platform'],
      [999_999, { reason: 'A reason long enough' }, 404, 'Report not found'],
      [ids.b, {}, 400, FLAG_REASON_MESSAGES.required],
      [ids.b, { flagged: 'yes' }, 400, 'flagged must be true or false'],
      ['x', {}, 400, 'Report id must be a number'],
    ];
    for (const [id, payload, status, error] of cases) {
      const res = await flag(id, payload);
      expect(res.statusCode, String(id)).toBe(status);
      expect(res.json().error).toBe(error);
    }
    expect((await flag(ids.b, {}, { cookie, origin: 'https://evil.example' })).statusCode).toBe(403);
    expect((await campaign()).flagged).toBe(false);
    expect((await audits()).length).toBe(auditCount);
  });
});

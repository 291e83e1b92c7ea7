import { desc, eq, inArray } from 'drizzle-orm';
import { FLAG_REASON_MESSAGES } from '../../../core/schemas/moderation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_SESSION_MS } from '../../../core/constants';
import { adminAuditLog, campaignReports, campaigns, verificationRequests } from '../../db/schema';
import type { AppEvent } from '../../events/hub';
import { createTestApp, type TestApp } from '../../testing/app';
import { fingerprinter } from '../../testing/dbFingerprint';
import { TEST_ADMIN_ENV, loginTestAdmin } from '../admin/testAdmin';

describe('campaign moderation', () => {
  let t: TestApp;
  let cookie: string;
  let fingerprint: () => Promise<string>;
  const ids: Record<string, number> = {};
  const send = (method: 'GET' | 'PATCH', url: string, headers: Record<string, string> = { cookie }, payload?: object) =>
    t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const list = async (query: string) => {
    const res = await send('GET', `/api/admin/campaigns?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { campaigns: { ticker: string; pending_request_id: number | null }[]; total: number; counts: Record<string, number> };
  };
  const tickers = async (query: string) => (await list(query)).campaigns.map((c) => c.ticker);

  beforeAll(async () => {
    t = await createTestApp(TEST_ADMIN_ENV);
    cookie = await loginTestAdmin(t.app);
    const base = { name: 'Campaign', goalLamports: 10n ** 11n, creatorWallet: 'CreatorWallet1111111111111111111111111111111' };
    const day = (n: number) => new Date(Date.UTC(2030, 0, n));
    const rows = await t.services.db.insert(campaigns).values([
      { ...base, ticker: 'AAA', name: 'Clean Water', tokenAddress: 'MintA', createdAt: day(1) },
      { ...base, ticker: 'BBB', tokenAddress: 'MintB', verified: true, backers: 80, createdAt: day(2) },
      { ...base, ticker: 'CCC', tokenAddress: 'MintC', flagged: true, createdAt: day(3) },
      { ...base, ticker: 'DDD', tokenAddress: 'MintD', backers: 51, createdAt: day(4) },
      { ...base, ticker: 'EEE', tokenAddress: 'MintE', backers: 50, createdAt: day(5) },
    ]).returning({ id: campaigns.id, ticker: campaigns.ticker });
    for (const r of rows) ids[r.ticker] = r.id;
    await t.services.db.insert(verificationRequests).values({ tokenAddress: 'MintA', campaignTicker: 'AAA', contactEmail: 'a@b.org', creatorWallet: base.creatorWallet });
    await t.services.db.insert(campaignReports).values({ campaignTicker: 'CCC', reportType: 'Fraudulent/Scam', description: 'x'.repeat(60) });
    fingerprint = await fingerprinter(t.services.database);
  });
  afterAll(async () => { await t.close(); });

  it('refuses without an admin session (none, forged, expired, a wallet cookie), changing nothing', async () => {
    const before = await fingerprint();
    for (const headers of [{}, { cookie: `cm_admin=${'0'.repeat(64)}` }, { cookie: 'cm_admin=nothex' }] as Record<string, string>[]) {
      expect((await send('GET', '/api/admin/campaigns', headers)).statusCode).toBe(401);
      expect((await send('GET', `/api/admin/campaigns/${ids.AAA}`, headers)).statusCode).toBe(401);
      const res = await send('PATCH', `/api/admin/campaigns/${ids.AAA}`, headers, { flagged: true });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: 'Admin session required' });
    }
    const realNow = t.services.now;
    t.services.now = () => new Date(Date.now() + ADMIN_SESSION_MS + 60_000);
    try {
      expect((await send('PATCH', `/api/admin/campaigns/${ids.AAA}`, { cookie }, { flagged: true })).statusCode).toBe(401);
    } finally { t.services.now = realNow; }
    expect((await send('PATCH', `/api/admin/campaigns/${ids.AAA}`, { cookie, origin: 'https://evil.example' }, { flagged: true })).statusCode).toBe(403);
    expect(await fingerprint()).toBe(before);
  });

  it('filters, counts and pages on the server, newest first; requests = unverified with >50 backers or a pending request', async () => {
    const all = await list('filter=all');
    expect(all.campaigns.map((c) => c.ticker)).toEqual(['EEE', 'DDD', 'CCC', 'BBB', 'AAA']);
    expect(all.counts).toEqual({ all: 5, verified: 1, unverified: 4, flagged: 1, requests: 2 });
    expect(await tickers('filter=verified')).toEqual(['BBB']);
    expect(await tickers('filter=unverified')).toEqual(['EEE', 'DDD', 'CCC', 'AAA']);
    expect(await tickers('filter=flagged')).toEqual(['CCC']);
    const requests = await list('filter=requests');
    expect(requests.campaigns.map((c) => c.ticker)).toEqual(['DDD', 'AAA']);
    expect(requests.campaigns[1].pending_request_id).toEqual(expect.any(Number));
    expect(requests.total).toBe(2);

    const page = await list('filter=all&limit=2&offset=2');
    expect(page.campaigns.map((c) => c.ticker)).toEqual(['CCC', 'BBB']);
    expect(page.total).toBe(5);

    expect(await tickers('search=clean')).toEqual(['AAA']);
    expect(await tickers('search=MintD')).toEqual(['DDD']);
    expect((await list('search=100%25')).counts.all).toBe(0);
    for (const bad of ['filter=nope', 'limit=0', 'limit=101', 'offset=-1']) expect((await send('GET', `/api/admin/campaigns?${bad}`)).statusCode, bad).toBe(400);
  });

  it("shows one campaign's detail with its reports and verification requests", async () => {
    const body = (await send('GET', `/api/admin/campaigns/${ids.CCC}`)).json();
    expect(body.campaign).toMatchObject({ ticker: 'CCC', flagged: true });
    expect(body.reports).toMatchObject([{ report_type: 'Fraudulent/Scam', status: 'pending' }]);
    expect((await send('GET', `/api/admin/campaigns/${ids.AAA}`)).json().verification_requests).toMatchObject([{ status: 'pending' }]);
    expect((await send('GET', '/api/admin/campaigns/999999')).statusCode).toBe(404);
  });

  it('verifies and flags: stored, audited with before and after, announced, and the public list follows', async () => {
    const seen: AppEvent[] = [];
    const stop = t.services.events.subscribe((e) => seen.push(e));
    const publicTickers = async () => (await t.app.inject({ method: 'GET', url: '/api/campaigns?limit=50' })).json().campaigns.map((c: { ticker: string }) => c.ticker);
    expect(await publicTickers()).toContain('AAA');

    // A flag says why, and is refused without its reason.
    const noReason = await send('PATCH', `/api/admin/campaigns/${ids.AAA}`, { cookie }, { verified: true, flagged: true });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error).toBe(FLAG_REASON_MESSAGES.required);
    expect((await send('PATCH', `/api/admin/campaigns/${ids.AAA}`, { cookie }, { flagged: true, reason: ' too short ' })).json().error).toBe(FLAG_REASON_MESSAGES.required);
    const res = await send('PATCH', `/api/admin/campaigns/${ids.AAA}`, { cookie }, { verified: true, flagged: true, reason: '  Impersonates a registered charity ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ ticker: 'AAA', verified: true, flagged: true });
    const [audit] = await t.services.db.select().from(adminAuditLog).orderBy(desc(adminAuditLog.id)).limit(1);
    expect(audit).toMatchObject({ action: 'campaign_moderated', adminUsername: 'boss', target: `campaign:${ids.AAA}` });
    expect(audit.details).toMatchObject({ before: { verified: false, flagged: false }, after: { verified: true, flagged: true }, reason: 'Impersonates a registered charity' });
    await expect.poll(() => seen).toContainEqual({ type: 'campaign_moderated', id: ids.AAA, tokenAddress: 'MintA' });
    await expect.poll(publicTickers).not.toContain('AAA');
    // Its own page still answers (with flagged set), so it can show the warning.
    expect((await t.app.inject({ method: 'GET', url: '/api/campaigns/MintA' })).json()).toMatchObject({ flagged: true });

    expect((await send('PATCH', `/api/admin/campaigns/${ids.AAA}`, { cookie }, { flagged: false })).json()).toMatchObject({ verified: true, flagged: false });
    await expect.poll(publicTickers).toContain('AAA');
    const [row] = await t.services.db.select().from(campaigns).where(eq(campaigns.id, ids.AAA));
    expect(row).toMatchObject({ verified: true, flagged: false });
    stop();
  });

  it('matches reports by token address (tickers are not unique), by ticker only for old rows without one', async () => {
    const base = { name: 'Twin', goalLamports: 1n, creatorWallet: 'CreatorWallet1111111111111111111111111111111' };
    const [one, two] = await t.services.db.insert(campaigns).values([
      { ...base, ticker: 'TWIN', tokenAddress: 'MintTwin1' },
      { ...base, ticker: 'TWIN', tokenAddress: 'MintTwin2' },
    ]).returning({ id: campaigns.id });
    await t.services.db.insert(campaignReports).values([
      { campaignTicker: 'TWIN', tokenAddress: 'MintTwin1', reportType: 'Fraudulent/Scam', description: `about the first ${'x'.repeat(50)}` },
      { campaignTicker: 'TWIN', tokenAddress: null, reportType: 'Other', description: `an old row ${'x'.repeat(50)}` },
    ]);
    const reports = async (id: number) => ((await send('GET', `/api/admin/campaigns/${id}`)).json().reports as { report_type: string }[])
      .map((r) => r.report_type).sort();
    expect(await reports(one.id)).toEqual(['Fraudulent/Scam', 'Other']);
    expect(await reports(two.id)).toEqual(['Other']);
    await t.services.db.delete(campaigns).where(inArray(campaigns.id, [one.id, two.id]));
  });

  it('counts a popular campaign with a pending request once, and the dashboard card agrees with the tab', async () => {
    const before = await list('filter=requests');
    const dashboard = async () => (await send('GET', '/api/admin/dashboard/campaigns')).json().verificationRequests as number;
    expect(await dashboard()).toBe(before.total);
    const [both] = await t.services.db.insert(campaigns).values({
      name: 'Both', goalLamports: 1n, creatorWallet: 'CreatorWallet1111111111111111111111111111111', ticker: 'BOTH', tokenAddress: 'MintBoth', backers: 60,
    }).returning({ id: campaigns.id });
    await t.services.db.insert(verificationRequests).values({ tokenAddress: 'MintBoth', campaignTicker: 'BOTH', contactEmail: 'b@b.org', creatorWallet: 'CreatorWallet1111111111111111111111111111111' });
    const after = await list('filter=requests');
    expect(after.total).toBe(before.total + 1);
    expect(after.counts.requests).toBe(after.total);
    expect(after.campaigns.filter((c) => c.ticker === 'BOTH')).toHaveLength(1);
    expect(await dashboard()).toBe(after.total);
    await t.services.db.delete(verificationRequests).where(eq(verificationRequests.tokenAddress, 'MintBoth'));
    await t.services.db.delete(campaigns).where(eq(campaigns.id, both.id));
  });

  it('refuses bad bodies and unknown campaigns, storing nothing', async () => {
    const before = await fingerprint();
    const cases: [string, object, number, string][] = [
      [`${ids.BBB}`, {}, 400, 'Nothing to update: send verified or flagged'],
      [`${ids.BBB}`, { verified: 'yes' }, 400, 'verified must be true or false'],
      [`${ids.BBB}`, { flagged: 1 }, 400, 'flagged must be true or false'],
      ['999999', { flagged: true, reason: 'A reason long enough' }, 404, 'Campaign not found'],
      ['abc', { flagged: true, reason: 'A reason long enough' }, 400, 'id must be a positive whole number'],
    ];
    for (const [id, body, status, error] of cases) {
      const res = await send('PATCH', `/api/admin/campaigns/${id}`, { cookie }, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().error).toBe(error);
    }
    expect(await fingerprint()).toBe(before);
  });
});

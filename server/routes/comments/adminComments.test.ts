import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMENT_MESSAGES } from '../../../core/schemas/comment';
import { adminAuditLog, campaignComments, commentMutes, commentReports, donations } from '../../db/schema';
import { createTestApp, type TestApp } from '../../testing/app';
import { signInWallet, type SignedIn } from '../../testing/wallet';
import { TEST_ADMIN_ENV, loginTestAdmin } from '../admin/testAdmin';
import { address, commentApi, insertCampaign } from './testing';

let t: TestApp;
let api: ReturnType<typeof commentApi>;
let cookie: string;
let alice: SignedIn;
let bob: SignedIn;
let owner: SignedIn;
let mint: string;
let otherMint: string;
const ids: Record<string, number> = {};
let offsetMs = 0;

const audits = () => t.services.db.select().from(adminAuditLog).orderBy(desc(adminAuditLog.id));
const admin = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, headers: Record<string, string> = { cookie }) =>
  t.app.inject({ method, url, payload: payload as object | undefined, headers });

beforeAll(async () => {
  t = await createTestApp(TEST_ADMIN_ENV);
  api = commentApi(t);
  t.services.now = () => new Date(Date.now() + offsetMs);
  cookie = await loginTestAdmin(t.app);
  [alice, bob, owner] = [await signInWallet(t.app), await signInWallet(t.app), await signInWallet(t.app)];
  const help = await insertCampaign(t, owner.wallet, 'HELP');
  mint = help.tokenAddress!;
  otherMint = (await insertCampaign(t, owner.wallet, 'ROOF')).tokenAddress!;
  const post = async (key: string, m: string, who: SignedIn, body: string, parent?: string) => {
    offsetMs += 15_000;
    const res = await api.post(m, who, { body, parent_id: parent ? ids[parent] : undefined });
    expect(res.statusCode, res.body).toBe(201);
    ids[key] = res.json().id;
  };
  await post('thread', mint, alice, 'A thread on HELP');
  await post('reply1', mint, bob, 'First reply', 'thread');
  await post('reply2', mint, owner, 'Second reply', 'thread');
  await post('spam', mint, bob, 'Buy $SCAM now');
  await post('roof', otherMint, alice, 'Roof repairs rock');
  // Three donors' reports collapse 'spam' (the creator's report beside them weighs nothing); a signed-out one marks 'thread' reported.
  for (const reason of ['spam', 'scam', 'other']) {
    const donor = await signInWallet(t.app);
    await t.services.db.insert(donations).values({
      signature: `sig-${donor.wallet}`, campaignId: help.id, kind: 'direct', fromWallet: donor.wallet, toWallet: address(), lamports: 1_000n, slot: 1n, blockTime: new Date(),
    });
    expect((await api.report(ids.spam, { reason }, { who: donor })).statusCode).toBe(201);
  }
  expect((await api.report(ids.spam, { reason: 'harassment' }, { who: owner })).statusCode).toBe(201);
  expect((await api.report(ids.thread, { reason: 'harassment' }, { remoteAddress: '203.0.113.9' })).statusCode).toBe(201);
}, 60_000);
afterAll(async () => { await t.close(); });

const listIds = async (query: string) => {
  const res = await admin('GET', `/api/admin/comments${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().comments as { id: number }[]).map((c) => c.id);
};

describe('/api/admin/comments', () => {
  it('refuses every call without an admin session with a 401, changing nothing', async () => {
    const before = (await audits()).length;
    for (const [method, url, payload] of [
      ['GET', '/api/admin/comments'], ['GET', `/api/admin/comments/${ids.spam}`], ['POST', `/api/admin/comments/${ids.spam}/hide`, {}],
      ['POST', `/api/admin/comments/${ids.spam}/restore`, {}], ['DELETE', `/api/admin/comments/${ids.spam}`],
      ['GET', '/api/admin/comment-mutes'], ['PUT', `/api/admin/comment-mutes/${alice.wallet}`, { duration: '1h' }],
      ['DELETE', `/api/admin/comment-mutes/${alice.wallet}`],
    ] as const) {
      for (const headers of [{}, { cookie: 'cm_admin=forged' }, { cookie: alice.cookie }] as Record<string, string>[]) {
        expect((await admin(method, url, payload, headers)).statusCode, `${method} ${url}`).toBe(401);
      }
    }
    expect((await audits()).length).toBe(before);
    expect((await t.services.db.select().from(campaignComments).where(eq(campaignComments.id, ids.spam)))[0].hiddenBy).toBeNull();
  });

  it('filters reported, hidden (never by reports alone) and all, newest first, with counts, report weights and keyset pages', async () => {
    expect(await listIds('?filter=reported')).toEqual([ids.spam, ids.thread]);
    expect(await listIds('?filter=hidden')).toEqual([]);
    expect(await listIds('?filter=all')).toEqual([ids.roof, ids.spam, ids.reply2, ids.reply1, ids.thread]);
    const res = await admin('GET', '/api/admin/comments?filter=all&limit=2');
    expect(res.json()).toMatchObject({ counts: { reported: 2, hidden: 0 }, next_cursor: ids.spam });
    expect(res.json().comments[1]).toMatchObject({
      id: ids.spam, body: 'Buy $SCAM now', open_reports: 4, report_weight: 3, creator_reports: 1, collapsed: true, hidden_by: null,
      campaign: { ticker: 'HELP', name: 'HELP Fund', token_address: mint }, author: { wallet: bob.wallet },
    });
    expect(await listIds(`?filter=all&limit=2&cursor=${ids.spam}`)).toEqual([ids.reply2, ids.reply1]);
    for (const bad of ['?filter=weird', '?cursor=x', '?limit=500', `?q=${'q'.repeat(101)}`]) expect((await admin('GET', `/api/admin/comments${bad}`)).statusCode, bad).toBe(400);
  });

  it('searches by campaign ticker, name or mint, or by author wallet', async () => {
    expect(await listIds('?filter=all&q=roof')).toEqual([ids.roof]);
    expect(await listIds('?filter=all&q=%24help')).toEqual([ids.spam, ids.reply2, ids.reply1, ids.thread]);
    expect(await listIds('?filter=all&q=Fund')).toHaveLength(5);
    expect(await listIds(`?filter=all&q=${otherMint}`)).toEqual([ids.roof]);
    expect(await listIds(`?filter=all&q=${bob.wallet}`)).toEqual([ids.spam, ids.reply1]);
    expect(await listIds('?filter=all&q=%25')).toEqual([]);
    expect(await listIds(`?filter=all&q=${address()}`)).toEqual([]);
  });

  it('shows a comment in context: a reply with its parent and the thread\'s replies, its reports and its author\'s mute', async () => {
    const res = await admin('GET', `/api/admin/comments/${ids.reply1}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.comment.id).toBe(ids.reply1);
    expect(body.parent).toMatchObject({ id: ids.thread, open_reports: 1 });
    expect(body.replies.map((r: { id: number }) => r.id)).toEqual([ids.reply1, ids.reply2]);
    expect(body.author_mute).toBeNull();
    const spam = (await admin('GET', `/api/admin/comments/${ids.spam}`)).json();
    // Each report's weight and why, the creator's told apart; a signed-out reporter is its network.
    expect(spam.reports.map((r: { reason: string; open: boolean; weight: number; basis: string; by_creator: boolean }) => [r.reason, r.open, r.weight, r.basis, r.by_creator]))
      .toEqual([['harassment', true, 0, 'creator', true], ['other', true, 1, 'donor', false], ['scam', true, 1, 'donor', false], ['spam', true, 1, 'donor', false]]);
    expect(spam.reports[0].reporter).toEqual({ wallet: owner.wallet, network: null });
    expect((await admin('GET', `/api/admin/comments/${ids.thread}`)).json().reports).toMatchObject([
      { reason: 'harassment', weight: 0, basis: 'network', by_creator: false, reporter: { wallet: null, network: '203.0.113.0/24' } },
    ]);
    expect((await admin('GET', '/api/admin/comments/2000000000')).statusCode).toBe(404);
    expect((await admin('GET', '/api/admin/comments/abc')).statusCode).toBe(400);
  });

  it('keeps a collapsed comment (closing its reports), hides one, each with an audit row, and the public tab follows', async () => {
    const publicIds = async () => ((await api.page(mint)).json().comments as { id: number }[]).map((c) => c.id);
    const collapsed = async () => ((await api.page(mint)).json().comments as { id: number; collapsed?: true }[]).filter((c) => c.collapsed).map((c) => c.id);
    // Collapsed, not hidden: the public still gets it, marked.
    expect(await publicIds()).toEqual([ids.spam, ids.thread]);
    expect(await collapsed()).toEqual([ids.spam]);
    const restored = await admin('POST', `/api/admin/comments/${ids.spam}/restore`, {});
    expect(restored.statusCode).toBe(200);
    expect(restored.json().comment).toMatchObject({ open_reports: 0, report_weight: 0, collapsed: false, hidden_by: null });
    expect(await collapsed()).toEqual([]);
    expect(restored.json().reports.every((r: { open: boolean }) => !r.open)).toBe(true);
    expect(await publicIds()).toEqual([ids.spam, ids.thread]);
    const [restoreAudit] = await audits();
    expect(restoreAudit).toMatchObject({ action: 'comment_restored', target: `comment:${ids.spam}`, adminUsername: 'boss' });
    expect(restoreAudit.details).toMatchObject({ campaign_ticker: 'HELP', before: { open_reports: 4, report_weight: 3 } });

    const hidden = await admin('POST', `/api/admin/comments/${ids.spam}/hide`, {});
    expect(hidden.json().comment).toMatchObject({ hidden_by: 'admin' });
    expect(await publicIds()).toEqual([ids.thread]);
    expect((await audits())[0]).toMatchObject({ action: 'comment_hidden', target: `comment:${ids.spam}` });
    expect(await listIds('?filter=hidden')).toEqual([ids.spam]);
    // The creator cannot undo an admin's hide.
    expect((await api.creator(mint, ids.spam, 'hide', { hidden: false }, owner)).statusCode).toBe(204);
    expect(await publicIds()).toEqual([ids.thread]);
    // Nor see it: only their own hides come back to them.
    expect(((await api.page(mint, '', owner)).json().comments as { id: number }[]).map((c) => c.id)).toEqual([ids.thread]);
    expect((await admin('POST', '/api/admin/comments/2000000000/hide', {})).statusCode).toBe(404);
  });

  it('deletes a comment with its replies and reports, keeping its text in the audit row', async () => {
    const before = (await audits()).length;
    expect((await admin('DELETE', `/api/admin/comments/${ids.thread}`)).statusCode).toBe(204);
    const left = await t.services.db.select().from(campaignComments);
    expect(left.map((c) => c.id).sort()).toEqual([ids.spam, ids.roof].sort());
    expect(await t.services.db.select().from(commentReports).where(eq(commentReports.commentId, ids.thread))).toEqual([]);
    const [audit] = await audits();
    expect(audit).toMatchObject({ action: 'comment_deleted', target: `comment:${ids.thread}` });
    expect(audit.details).toMatchObject({ body: 'A thread on HELP', author_wallet: alice.wallet });
    expect((await admin('DELETE', `/api/admin/comments/${ids.thread}`)).statusCode).toBe(404);
    expect((await audits()).length).toBe(before + 1);
  });

  it('mutes a wallet for a chosen time or for good (its posts refused, naming the end), lists and unmutes, audited', async () => {
    const res = await admin('PUT', `/api/admin/comment-mutes/${alice.wallet}`, { duration: '24h' });
    expect(res.statusCode).toBe(200);
    const until = new Date(res.json().muted_until);
    expect(until.getTime() - t.services.now().getTime()).toBeGreaterThan(23.9 * 3_600_000);
    expect((await audits())[0]).toMatchObject({ action: 'commenter_muted', target: `wallet:${alice.wallet}`, details: { duration: '24h' } });
    offsetMs += 15_000;
    const refused = await api.post(mint, alice, { body: 'still here?' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatch(/^Your wallet is muted from commenting until \d{4}-\d\d-\d\d \d\d:\d\d UTC$/);
    expect((await admin('GET', `/api/admin/comments/${ids.roof}`)).json().author_mute).toEqual({ muted_until: until.toISOString() });

    expect((await admin('PUT', `/api/admin/comment-mutes/${bob.wallet}`, { duration: 'permanent' })).json()).toEqual({ wallet: bob.wallet, muted_until: null });
    const list = (await admin('GET', '/api/admin/comment-mutes')).json().mutes as { wallet: string }[];
    expect(list.map((m) => m.wallet)).toEqual([bob.wallet, alice.wallet]);
    expect((await api.post(mint, bob, { body: 'hello?' })).json().error).toBe(COMMENT_MESSAGES.mutedForever);

    expect((await admin('DELETE', `/api/admin/comment-mutes/${alice.wallet}`)).statusCode).toBe(204);
    expect((await audits())[0]).toMatchObject({ action: 'commenter_unmuted', target: `wallet:${alice.wallet}` });
    offsetMs += 15_000;
    expect((await api.post(mint, alice, { body: 'back again' })).statusCode).toBe(201);
    const before = (await audits()).length;
    expect((await admin('DELETE', `/api/admin/comment-mutes/${alice.wallet}`)).statusCode).toBe(404);
    expect((await admin('PUT', `/api/admin/comment-mutes/${alice.wallet}`, { duration: '2h' })).statusCode).toBe(400);
    expect((await admin('PUT', '/api/admin/comment-mutes/not-a-wallet', { duration: '1h' })).statusCode).toBe(400);
    expect((await audits()).length).toBe(before);
    expect(await t.services.db.select().from(commentMutes).where(eq(commentMutes.wallet, alice.wallet))).toEqual([]);
  });

  it('guards the admin Comments page like every admin page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/xk9j2m4p/comments' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/xk9j2m4p/login');
    const signedIn = await t.app.inject({ method: 'GET', url: '/xk9j2m4p/comments', headers: { cookie } });
    expect(signedIn.statusCode).not.toBe(302);
  });
});

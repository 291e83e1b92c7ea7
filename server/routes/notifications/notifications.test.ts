import { Keypair } from '@solana/web3.js';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaigns, notificationRecipients, notifications } from '../../db/schema';
import type { AppEvent } from '../../events/hub';
import { NOTIFICATIONS_EVENT } from '../../notifications/events';
import { shortAddress } from '../../../core/format';
import { notifyCommentReply } from '../../notifications/notifyWallet';
import { WALLET_REQUIRED_MESSAGE } from '../../policies/wallet';
import { TEST_ADMIN_ENV, loginTestAdmin } from '../admin/testAdmin';
import { createTestApp, type TestApp } from '../../testing/app';
import { fingerprinter } from '../../testing/dbFingerprint';
import { signInWallet, type SignedIn } from '../../testing/wallet';
import { NOTIFICATION_NOT_FOUND } from './notifications';

const address = () => Keypair.generate().publicKey.toBase58();
const LONG = 'The creator is using photos of another family and asking for money for their surgery.';
type Listed = { id: number; kind: string; title: string; path: string; read: boolean; campaign: { ticker: string; token_address: string } };

describe('notifications', () => {
  let t: TestApp;
  let admin: string;
  let creator: SignedIn;
  let fan: SignedIn;
  let other: SignedIn;
  let campaignId: number;
  const MINT = address();
  const events: AppEvent[] = [];
  const send = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, who?: SignedIn | string, payload?: object) =>
    t.app.inject({ method, url, ...(payload ? { payload } : {}), headers: who ? { cookie: typeof who === 'string' ? who : who.cookie } : {} });
  const list = async (who: SignedIn, query = '') => (await send('GET', `/api/notifications${query}`, who)).json() as { notifications: Listed[]; unread: number; next_cursor: number | null };
  const unread = async (who: SignedIn) => (await send('GET', '/api/notifications/unread-count', who)).json().unread as number;
  const postUpdate = async (title: string) => {
    const res = await send('POST', `/api/campaigns/${MINT}/updates`, creator, { title, content: 'Fresh news for the followers.' });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as number;
  };

  beforeAll(async () => {
    t = await createTestApp(TEST_ADMIN_ENV);
    admin = await loginTestAdmin(t.app);
    [creator, fan, other] = [await signInWallet(t.app), await signInWallet(t.app), await signInWallet(t.app)];
    const [row] = await t.services.db.insert(campaigns).values({
      creatorWallet: creator.wallet, ticker: 'BELL', name: 'Bell Ringers', goalLamports: 10n ** 10n, tokenAddress: MINT, requestId: 'req-bell',
    }).returning();
    campaignId = row!.id;
    t.services.events.subscribe((event) => events.push(event));
    // The fan and the creator follow; 'other' does not.
    for (const who of [fan, creator]) expect((await send('PUT', `/api/campaigns/${MINT}/follow`, who)).statusCode).toBe(200);
  }, 60_000);
  afterAll(async () => { await t.close(); });

  it('needs a signed-in wallet for every call', async () => {
    for (const [method, url] of [['GET', '/api/notifications'], ['GET', '/api/notifications/unread-count'], ['POST', '/api/notifications/read-all']] as const) {
      const res = await send(method, url);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: WALLET_REQUIRED_MESSAGE });
    }
    expect((await send('POST', '/api/notifications/1/read', undefined, { read: true })).statusCode).toBe(401);
  });

  it('tells followers of an update posted through the API once, not its author nor non-followers; the event names nobody', async () => {
    const seen = events.length;
    const updateId = await postUpdate('We reached the hospital');
    expect(await unread(fan)).toBe(1);
    expect(await unread(creator)).toBe(0);
    expect(await unread(other)).toBe(0);
    const [note] = (await list(fan)).notifications;
    expect(note).toMatchObject({
      kind: 'update', read: false, title: 'Bell Ringers ($BELL) posted an update: We reached the hospital',
      path: `/campaign/${MINT}?tab=updates#update-${updateId}`, campaign: { ticker: 'BELL', token_address: MINT },
    });
    // Every stream hears the event, so it says nothing of whose notification it is.
    const announced = events.slice(seen).filter((e) => e.type === NOTIFICATIONS_EVENT);
    expect(announced).toEqual([{ type: NOTIFICATIONS_EVENT }]);
    // The same fact again (a retry, another process) records nothing more.
    const { notifyUpdatePosted } = await import('../../notifications/facts');
    const [campaign] = await t.services.db.select().from(campaigns).where(eq(campaigns.id, campaignId));
    expect(await notifyUpdatePosted(t.services, campaign!, { id: updateId, title: 'again', authorWallet: creator.wallet })).toBeNull();
    expect(await unread(fan)).toBe(1);
    // Five processes recording one new fact at once (on PostgreSQL, five pooled connections): one wins.
    const racing = await Promise.all(Array.from({ length: 5 }, () => notifyUpdatePosted(t.services, campaign!, { id: updateId + 1000, title: 'race', authorWallet: creator.wallet })));
    expect(racing.filter((id) => id !== null)).toHaveLength(1);
    expect(await unread(fan)).toBe(2);
    await send('POST', '/api/notifications/read-all', fan);
  });

  it('marks one read and unread again, and all read; another wallet\'s notification is a 404; bad input a 400, storing nothing', async () => {
    await postUpdate('Second update');
    await postUpdate('Third update');
    const { notifications: notes } = await list(fan);
    expect(notes).toHaveLength(4);
    const [newest, older] = notes;
    const read = await send('POST', `/api/notifications/${older!.id}/read`, fan, { read: true });
    expect(read.json()).toEqual({ id: older!.id, read: true, unread: 1 });
    expect((await list(fan)).notifications.map((n) => n.read)).toEqual([false, true, true, true]);
    expect((await send('POST', `/api/notifications/${older!.id}/read`, fan, { read: false })).json()).toMatchObject({ read: false, unread: 2 });

    const fingerprint = await fingerprinter(t.services.database);
    const before = await fingerprint();
    const foreign = await send('POST', `/api/notifications/${newest!.id}/read`, other, { read: true });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ error: NOTIFICATION_NOT_FOUND });
    for (const [url, body] of [[`/api/notifications/${newest!.id}/read`, { read: 'yes' }], [`/api/notifications/${newest!.id}/read`, {}], ['/api/notifications/abc/read', { read: true }], ['/api/notifications/0/read', { read: true }]] as const) {
      expect((await send('POST', url, fan, body)).statusCode, url).toBe(400);
    }
    expect((await send('GET', '/api/notifications?limit=1000', fan)).statusCode).toBe(400);
    expect(await fingerprint()).toBe(before);

    expect((await send('POST', '/api/notifications/read-all', fan)).json()).toEqual({ unread: 0 });
    expect(await unread(fan)).toBe(0);
    expect((await list(fan)).notifications.every((n) => n.read)).toBe(true);
  });

  it('pages newest first with a cursor', async () => {
    const first = await list(fan, '?limit=1');
    expect(first.notifications).toHaveLength(1);
    expect(first.next_cursor).toBe(first.notifications[0]!.id);
    const second = await list(fan, `?limit=3&before=${first.next_cursor}`);
    expect(second.notifications.map((n) => n.id)).toEqual((await list(fan)).notifications.slice(1).map((n) => n.id));
    expect(second.next_cursor).toBeNull();
  });

  it('tells followers once when a moderator flags the campaign (report flag and campaign moderation), again only after an unflag', async () => {
    const [report] = [(await t.app.inject({
      method: 'POST', url: '/api/reports', remoteAddress: '10.9.0.1',
      payload: { token_address: MINT, report_type: 'Fraudulent/Scam', description: LONG, agree: true },
    })).json().id as number];
    const flag = (flagged: boolean) => send('POST', `/api/admin/reports/${report}/flag-campaign`, admin, { flagged, reason: 'Confirmed by the moderators' });
    const flags = () => t.services.db.$count(notifications, eq(notifications.kind, 'flagged'));
    expect((await flag(true)).statusCode).toBe(200);
    expect((await flag(true)).statusCode).toBe(200);
    expect(await flags()).toBe(1);
    const [note] = (await list(fan)).notifications;
    expect(note).toMatchObject({ kind: 'flagged', title: 'Bell Ringers ($BELL) was flagged by moderators', read: false, path: `/campaign/${MINT}` });
    // The creator follows too, and is told (a flag is not the creator's own act).
    expect((await list(creator)).notifications[0]).toMatchObject({ kind: 'flagged' });

    const moderate = (flagged: boolean) => send('PATCH', `/api/admin/campaigns/${campaignId}`, admin, { flagged, reason: 'Confirmed by the moderators' });
    expect((await moderate(true)).statusCode).toBe(200);
    expect(await flags()).toBe(1);
    expect((await moderate(false)).statusCode).toBe(200);
    expect((await moderate(true)).statusCode).toBe(200);
    expect(await flags()).toBe(2);
    expect((await flag(false)).statusCode).toBe(200);
    expect(await flags()).toBe(2);
    expect(await unread(fan)).toBe(2);
  });

  it('tells a comment\'s author of a reply posted through the comments API, once, and never of their own reply', async () => {
    const post = (who: SignedIn, payload: object) => t.app.inject({ method: 'POST', url: `/api/campaigns/${MINT}/comments`, payload, headers: { cookie: who.cookie }, remoteAddress: `10.8.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` });
    const thread = await post(other, { body: 'Where does the money go?' });
    expect(thread.statusCode, thread.body).toBe(201);
    const parentId = thread.json().id as number;
    const before = await unread(other);
    const own = await post(other, { body: 'To add: the hospital bill.', parent_id: parentId });
    expect(own.statusCode, own.body).toBe(201);
    expect(await unread(other)).toBe(before);
    const reply = await post(fan, { body: 'To the hospital, see the updates.', parent_id: parentId });
    expect(reply.statusCode, reply.body).toBe(201);
    expect(await unread(other)).toBe(before + 1);
    expect((await list(other)).notifications[0]).toMatchObject({
      kind: 'comment_reply', title: `${shortAddress(fan.wallet)} replied to your comment on Bell Ringers ($BELL)`, path: `/campaign/${MINT}?tab=comments#comment-${reply.json().id}`,
    });
  });

  it('notifyCommentReply (for the comments feature) counts each reply once into one unread notification per thread, never the author\'s own', async () => {
    const reply = {
      campaignId, threadId: 41, replyId: 42, authorWallet: other.wallet, replierWallet: fan.wallet, replierName: 'fan',
      campaignLabel: '$BELL', threadPath: `/campaign/${MINT}?tab=comments`,
    };
    const id = await notifyCommentReply(t.services, reply);
    expect(id).toBeGreaterThan(0);
    expect(await notifyCommentReply(t.services, reply)).toBeNull();
    expect(await notifyCommentReply(t.services, { ...reply, replyId: 43, replierWallet: other.wallet })).toBeNull();
    expect((await list(other)).notifications[0]).toEqual(expect.objectContaining({ id, kind: 'comment_reply', title: 'fan replied to your comment on $BELL', path: `/campaign/${MINT}?tab=comments#comment-42` }));
    // More replies while it is unread: the same notification, counted and named, still linking to the first.
    expect(await notifyCommentReply(t.services, { ...reply, replyId: 44, replierWallet: creator.wallet, replierName: 'maker' })).toBe(id);
    expect(await notifyCommentReply(t.services, { ...reply, replyId: 45 })).toBe(id);
    expect(await notifyCommentReply(t.services, { ...reply, replyId: 45 })).toBeNull();
    expect((await list(other)).notifications[0]).toEqual(expect.objectContaining({ id, title: '3 new replies to your comment on $BELL from fan and maker', path: `/campaign/${MINT}?tab=comments#comment-42` }));
    // Another thread is its own; once read, the next reply starts a new one.
    const elsewhere = await notifyCommentReply(t.services, { ...reply, threadId: 50, replyId: 51 });
    expect(elsewhere).not.toBe(id);
    expect((await send('POST', `/api/notifications/${id}/read`, other, { read: true })).statusCode).toBe(200);
    const next = await notifyCommentReply(t.services, { ...reply, replyId: 46 });
    expect(next).not.toBe(id);
    expect(await t.services.db.$count(notificationRecipients, eq(notificationRecipients.notificationId, id!))).toBe(1);
  });
});

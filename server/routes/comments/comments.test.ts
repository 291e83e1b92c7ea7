import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMENT_MAX, COMMENT_MESSAGES, type CommentJson, type CommentPage, type CommentReported } from '../../../core/schemas/comment';
import { campaignComments, campaigns, commentReports, donations, userProfiles, walletAges } from '../../db/schema';
import type { AppEvent } from '../../events/hub';
import { NUL_BYTE_MESSAGE } from '../../http/nulBytes';
import { fundedSignedIn, launchDbcCampaign, launchDbcCampaignOverHttp } from '../../curve/testing/dbcCampaign';
import { dbcTrade, fundedTrader } from '../../curve/testing/dbcTrade';
import { tradeHooksIdle } from '../../market';
import { createTestApp, type TestApp } from '../../testing/app';
import { signInWallet, type SignedIn } from '../../testing/wallet';
import { address, commentApi, insertCampaign } from './testing';

let t: TestApp;
let api: ReturnType<typeof commentApi>;
let alice: SignedIn;
let bob: SignedIn;
let owner: SignedIn;
let help: Awaited<ReturnType<typeof insertCampaign>>;
let other: Awaited<ReturnType<typeof insertCampaign>>;

beforeAll(async () => {
  t = await createTestApp({ CURVE_PROGRAM: 'dbc' });
  api = commentApi(t);
  t.services.now = () => new Date(Date.now() + offsetMs);
  [alice, bob, owner] = [await signInWallet(t.app), await signInWallet(t.app), await signInWallet(t.app)];
  help = await insertCampaign(t, owner.wallet, 'HELP');
  other = await insertCampaign(t, owner.wallet, 'OTHER');
}, 60_000);
afterAll(async () => {
  await tradeHooksIdle(t.services);
  await t.close();
});

// Each post 15 s after the last on the test's clock: the 5-a-minute limit has its own tests.
let offsetMs = 0;
const posted = async (mint: string, who: SignedIn, payload: unknown): Promise<CommentJson> => {
  offsetMs += 15_000;
  const res = await api.post(mint, who, payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as CommentJson;
};
const pageOf = async (mint: string, query = '', who: SignedIn | null = null): Promise<CommentPage> => {
  const res = await api.page(mint, query, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as CommentPage;
};

describe('posting and reading comments', () => {
  it('stores a signed-in wallet\'s comment as plain text, answers 201, tells every page, and shows it with the author\'s profile', async () => {
    await t.services.db.insert(userProfiles).values({ walletAddress: alice.wallet, username: 'Alice', profilePhoto: '/ipfs/bafyalice' });
    const seen: AppEvent[] = [];
    const stop = t.services.events.subscribe((e) => seen.push(e));
    const text = 'Great cause! See <a href="https://evil.example">this</a> and https://example.org/x';
    const body = await posted(help.tokenAddress!, alice, { body: `  ${text}  ` });
    expect(body).toMatchObject({ id: expect.any(Number), parent_id: null, body: text, pinned: false, author: { wallet: alice.wallet } });
    await expect.poll(() => seen).toContainEqual({ type: 'comment_posted', tokenAddress: help.tokenAddress, id: body.id });
    stop();
    const page = await pageOf(help.tokenAddress!);
    expect(page.comments[0]).toMatchObject({
      id: body.id, body: text, replies: [],
      author: { wallet: alice.wallet, username: 'Alice', profile_photo: '/ipfs/bafyalice', badges: [] },
    });
    const [row] = (await api.rows(help.id)).filter((r) => r.id === body.id);
    expect(row.clientAddress).toMatch(/^10\./);
  });

  it('takes exactly 1,000 characters and replies one level deep, shown under their comment oldest first', async () => {
    const long = await posted(other.tokenAddress!, bob, { body: 'x'.repeat(COMMENT_MAX) });
    const first = await posted(other.tokenAddress!, alice, { body: 'reply one', parent_id: long.id });
    const second = await posted(other.tokenAddress!, owner, { body: 'reply two', parent_id: long.id });
    const page = await pageOf(other.tokenAddress!);
    const thread = page.comments.find((c) => c.id === long.id)!;
    expect(thread.replies!.map((r) => [r.id, r.body, r.parent_id])).toEqual([[first.id, 'reply one', long.id], [second.id, 'reply two', long.id]]);
    // Replies are not threads of their own.
    expect(page.comments.map((c) => c.id)).not.toContain(first.id);
  });

  it('refuses bad input with a 400 and the reason, storing nothing', async () => {
    const parent = await posted(help.tokenAddress!, bob, { body: 'a thread to reply to' });
    const reply = await posted(help.tokenAddress!, alice, { body: 'a reply', parent_id: parent.id });
    const elsewhere = await posted(other.tokenAddress!, bob, { body: 'on the other campaign' });
    const hidden = await posted(help.tokenAddress!, bob, { body: 'soon hidden' });
    await t.services.db.update(campaignComments).set({ hiddenBy: 'admin' }).where(eq(campaignComments.id, hidden.id));
    const before = (await api.rows()).length;
    const mint = help.tokenAddress!;
    const cases: [string, unknown, string][] = [
      [mint, {}, COMMENT_MESSAGES.empty],
      [mint, { body: '' }, COMMENT_MESSAGES.empty],
      [mint, { body: ' \n\t  ' }, COMMENT_MESSAGES.empty],
      [mint, { body: 42 }, COMMENT_MESSAGES.empty],
      [mint, { body: 'x'.repeat(COMMENT_MAX + 1) }, COMMENT_MESSAGES.tooLong],
      [mint, { body: 'nul \u0000 inside' }, NUL_BYTE_MESSAGE],
      [mint, { body: 'to a reply', parent_id: reply.id }, COMMENT_MESSAGES.replyToReply],
      [mint, { body: 'to elsewhere', parent_id: elsewhere.id }, COMMENT_MESSAGES.parentOtherCampaign],
      [mint, { body: 'to nothing', parent_id: 2_000_000_000 }, COMMENT_MESSAGES.parentNotFound],
      [mint, { body: 'to a hidden one', parent_id: hidden.id }, COMMENT_MESSAGES.parentHidden],
      [mint, { body: 'bad parent', parent_id: 'one' }, COMMENT_MESSAGES.parentInvalid],
      [mint, { body: 'bad parent', parent_id: -3 }, COMMENT_MESSAGES.parentInvalid],
      [address(), { body: 'unknown campaign' }, COMMENT_MESSAGES.campaignNotFound],
      ['not-a-mint', { body: 'unknown campaign' }, COMMENT_MESSAGES.campaignNotFound],
    ];
    for (const [target, payload, error] of cases) {
      const res = await api.post(target, alice, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(res.json().error).toBe(error);
    }
    expect((await api.post(mint, alice, [{ body: 'array' }])).statusCode).toBe(400);
    // Signed out: 401, nothing stored.
    const signedOut = await api.post(mint, null, { body: 'who am I' });
    expect(signedOut.statusCode).toBe(401);
    expect((await api.rows()).length).toBe(before);
  });

  it('pages newest first with a keyset cursor: no comment twice or skipped, even when new ones arrive between pages', async () => {
    const campaign = await insertCampaign(t, owner.wallet, 'PAGES');
    const mint = campaign.tokenAddress!;
    const ids: number[] = [];
    // Straight into the table: the per-wallet limits are not what this test is about.
    for (let i = 0; i < 45; i++) ids.push((await t.services.db.insert(campaignComments)
      .values({ campaignId: campaign.id, authorWallet: bob.wallet, clientAddress: '10.0.0.1', body: `comment ${i}` }).returning())[0].id);
    const first = await pageOf(mint);
    expect(first.comments.map((c) => c.id)).toEqual(ids.slice(-20).reverse());
    await posted(mint, alice, { body: 'arrived between pages' });
    const second = await pageOf(mint, `?cursor=${first.next_cursor}`);
    expect(second.comments.map((c) => c.id)).toEqual(ids.slice(5, 25).reverse());
    expect(second.pinned).toBeNull();
    const third = await pageOf(mint, `?cursor=${second.next_cursor}&limit=20`);
    expect(third.comments.map((c) => c.id)).toEqual(ids.slice(0, 5).reverse());
    expect(third.next_cursor).toBeNull();
    for (const bad of ['?cursor=abc', '?cursor=0', '?limit=0', '?limit=51', '?limit=x']) expect((await api.page(mint, bad)).statusCode, bad).toBe(400);
    expect((await api.page(address())).statusCode).toBe(404);
  });

  it('badges each author: Creator and Holder (share of supply, from the chain) for the launching creator, Donor for a direct donor', async () => {
    const creator = await fundedSignedIn(t.app, t.services);
    // The creator's tokens are the launch's initial buy (the rest of the supply sits in the pool's vault, Meteora's pool authority's: no holder).
    const { mint } = await launchDbcCampaignOverHttp(t.app, creator, { ticker: 'BADGE', initialBuy: '0.5', donationWallet: address() });
    const [campaign] = await t.services.db.select().from(campaigns).where(eq(campaigns.tokenAddress, mint));
    await t.services.db.insert(donations).values({
      signature: 'sig-direct', campaignId: campaign.id, kind: 'direct', fromWallet: bob.wallet, toWallet: address(), lamports: 5n, slot: 1n, blockTime: new Date(),
    });
    // A reward payout is not a direct donation: no Donor badge for alice.
    await t.services.db.insert(donations).values({
      signature: 'sig-reward', campaignId: campaign.id, kind: 'reward', fromWallet: alice.wallet, toWallet: address(), lamports: 5n, slot: 1n, blockTime: new Date(),
    });
    await posted(mint, creator, { body: 'Thanks for coming!' });
    await posted(mint, bob, { body: 'Donated!' });
    await posted(mint, alice, { body: 'Just looking' });
    const page = await pageOf(mint);
    const badgesOf = (wallet: string) => page.comments.find((c) => c.author.wallet === wallet)!.author.badges;
    const creatorBadges = badgesOf(creator.wallet);
    expect(creatorBadges[0]).toEqual({ kind: 'creator' });
    expect(creatorBadges[1]).toMatchObject({ kind: 'holder', share_percent: expect.stringMatching(/^\d+\.\d\d$/) });
    expect(Number((creatorBadges[1] as { share_percent: string }).share_percent)).toBeGreaterThan(0);
    expect(badgesOf(bob.wallet)).toEqual([{ kind: 'donor' }]);
    expect(badgesOf(alice.wallet)).toEqual([]);
    // The creator of a row that did not come from our launch flow is only a claim: no Creator badge.
    const imported = (await t.services.db.insert(campaigns).values({
      creatorWallet: alice.wallet, ticker: 'IMPORT', name: 'Imported', goalLamports: 1n, tokenAddress: address(),
    }).returning())[0];
    await posted(imported.tokenAddress!, alice, { body: 'my token?' });
    expect((await pageOf(imported.tokenAddress!)).comments[0].author.badges).toEqual([]);
  }, 60_000);
});

describe('the creator pins and hides', () => {
  it('pins one comment (shown first, once), moves the pin, unpins; only the creator, only top-level comments of this campaign', async () => {
    const campaign = await insertCampaign(t, owner.wallet, 'PIN');
    const mint = campaign.tokenAddress!;
    const a = await posted(mint, alice, { body: 'first' });
    const b = await posted(mint, bob, { body: 'second' });
    const r = await posted(mint, owner, { body: 'a reply', parent_id: a.id });
    expect((await pageOf(mint, '', owner)).viewer_is_creator).toBe(true);
    expect((await pageOf(mint, '', alice)).viewer_is_creator).toBe(false);
    expect((await api.creator(mint, a.id, 'pin', { pinned: true }, alice)).statusCode).toBe(403);
    expect((await api.creator(mint, a.id, 'pin', { pinned: 'yes' }, owner)).statusCode).toBe(400);
    expect((await api.creator(mint, r.id, 'pin', { pinned: true }, owner)).statusCode).toBe(404);
    const elsewhere = await posted(help.tokenAddress!, bob, { body: 'not on PIN' });
    expect((await api.creator(mint, elsewhere.id, 'pin', { pinned: true }, owner)).statusCode).toBe(404);

    expect((await api.creator(mint, a.id, 'pin', { pinned: true }, owner)).statusCode).toBe(204);
    let page = await pageOf(mint);
    expect(page.pinned).toMatchObject({ id: a.id, pinned: true, replies: [{ id: r.id }] });
    expect(page.comments.map((c) => c.id)).toEqual([b.id]);
    expect((await api.creator(mint, b.id, 'pin', { pinned: true }, owner)).statusCode).toBe(204);
    page = await pageOf(mint);
    expect(page.pinned!.id).toBe(b.id);
    expect(page.comments.map((c) => c.id)).toEqual([a.id]);
    expect((await api.creator(mint, b.id, 'pin', { pinned: false }, owner)).statusCode).toBe(204);
    expect((await pageOf(mint)).pinned).toBeNull();
  });

  it('hides a comment on their campaign (replies go with it) and shows it again; nobody else may', async () => {
    const campaign = await insertCampaign(t, owner.wallet, 'HIDE');
    const mint = campaign.tokenAddress!;
    const a = await posted(mint, alice, { body: 'rude words' });
    await posted(mint, bob, { body: 'agreeing', parent_id: a.id });
    const keep = await posted(mint, bob, { body: 'kind words' });
    expect((await api.creator(mint, a.id, 'hide', { hidden: true }, bob)).statusCode).toBe(403);
    expect((await api.creator(mint, a.id, 'hide', { hidden: true }, owner)).statusCode).toBe(204);
    expect((await pageOf(mint)).comments.map((c) => c.id)).toEqual([keep.id]);
    expect((await pageOf(mint, '', alice)).comments.map((c) => c.id)).toEqual([keep.id]);
    // The creator still sees it, marked, to show it again (and its replies with it).
    const own = await pageOf(mint, '', owner);
    expect(own.comments.map((c) => [c.id, c.hidden ?? false])).toEqual([[keep.id, false], [a.id, true]]);
    expect(own.comments[1].replies).toHaveLength(1);
    const [row] = (await api.rows(campaign.id)).filter((c) => c.id === a.id);
    expect(row.hiddenBy).toBe('creator');
    expect((await api.creator(mint, a.id, 'hide', { hidden: false }, owner)).statusCode).toBe(204);
    expect((await pageOf(mint)).comments.map((c) => c.id)).toEqual([keep.id, a.id]);
  });
});

describe('reports: only what costs collapses, nothing hides (issue 35)', () => {
  const reportFrom = async (id: number, options: { who?: SignedIn; remoteAddress?: string }) => {
    const res = await api.report(id, { reason: 'spam' }, options);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as CommentReported;
  };
  const shown = async (mint: string, id: number) => {
    const thread = (await pageOf(mint)).comments.find((c) => c.id === id);
    return thread ? { collapsed: thread.collapsed === true } : null;
  };
  const reportsOf = (id: number) => t.services.db.select().from(commentReports).where(eq(commentReports.commentId, id)).orderBy(commentReports.id);

  it('three signed-out reports from three loopback addresses are one network\'s: one report, weighing nothing', async () => {
    const campaign = await insertCampaign(t, owner.wallet, 'LOOP');
    const target = await posted(campaign.tokenAddress!, alice, { body: 'Where does the money go?' });
    expect(await reportFrom(target.id, { remoteAddress: '127.0.0.1' })).toEqual({ reported: true, collapsed: false });
    for (const remoteAddress of ['127.0.0.2', '127.0.0.3']) {
      const res = await api.report(target.id, { reason: 'spam' }, { remoteAddress });
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toBe(COMMENT_MESSAGES.alreadyReportedFromNetwork);
    }
    // IPv6 neighbours within a /48 are one network too.
    expect((await api.report(target.id, { reason: 'spam' }, { remoteAddress: '2001:db8:5:1::7' })).statusCode).toBe(201);
    expect((await api.report(target.id, { reason: 'spam' }, { remoteAddress: '2001:db8:5:ffff::9' })).statusCode).toBe(409);
    expect((await reportsOf(target.id)).map((r) => [r.reporter, r.weight, r.basis])).toEqual([
      ['n:127.0.0.0/24', 0, 'network'], ['n:2001:db8:5::/48', 0, 'network'],
    ]);
    expect(await shown(campaign.tokenAddress!, target.id)).toEqual({ collapsed: false });
  });

  it('three fresh wallets signed in from one address, and 5 comments x 3 signed-out networks, hide and collapse nothing', async () => {
    const campaign = await insertCampaign(t, owner.wallet, 'FREE');
    const mint = campaign.tokenAddress!;
    const targets: CommentJson[] = [];
    for (let i = 0; i < 5; i++) targets.push(await posted(mint, alice, { body: `Question ${i}: is the charity real?` }));
    const fresh = [await signInWallet(t.app), await signInWallet(t.app), await signInWallet(t.app)];
    for (const who of fresh) expect(await reportFrom(targets[0]!.id, { who, remoteAddress: '198.51.100.7' })).toEqual({ reported: true, collapsed: false });
    for (const target of targets) {
      for (const network of ['203.0.113', '198.51.100', '192.0.2']) await reportFrom(target.id, { remoteAddress: `${network}.${target.id % 250}` });
    }
    const page = await pageOf(mint);
    expect(page.comments.map((c) => c.id).sort()).toEqual(targets.map((c) => c.id).sort());
    expect(page.comments.filter((c) => c.collapsed)).toEqual([]);
    expect((await reportsOf(targets[0]!.id)).map((r) => r.basis)).toEqual(['fresh', 'fresh', 'fresh', 'network', 'network', 'network']);
    const [row] = (await api.rows(campaign.id)).filter((c) => c.id === targets[0]!.id);
    expect(row).toMatchObject({ hiddenBy: null, openReports: 6, reportWeight: 0 });
  });

  it('refuses a report without a reason from the list (400) or of no comment (404)', async () => {
    const target = await posted(help.tokenAddress!, alice, { body: 'reportable' });
    for (const payload of [{}, { reason: 'boring' }, { reason: '' }]) {
      const res = await api.report(target.id, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(COMMENT_MESSAGES.reasonRequired);
    }
    expect((await api.report('abc', { reason: 'spam' })).statusCode).toBe(400);
    expect((await api.report(2_000_000_000, { reason: 'spam' })).statusCode).toBe(404);
  });

  it('wallets that cost something (holder, donor, on chain over a day) collapse it at the third; the creator\'s report weighs nothing; it stays readable', async () => {
    const creator = await signInWallet(t.app);
    const market = await launchDbcCampaign(t.services, { creator: creator.keypair, form: { ticker: 'WEIGH' } });
    const target = await posted(market.mint, alice, { body: 'Why did the creator sell?' });

    // The creator holds the token and still weighs nothing: its reports are told apart.
    await dbcTrade(t.app, market.mint, creator.keypair, 'buy', '0.05');
    expect(await reportFrom(target.id, { who: creator })).toEqual({ reported: true, collapsed: false });

    const holder = await signInWallet(t.app, await fundedTrader(t.services, 1_000_000_000n));
    await dbcTrade(t.app, market.mint, holder.keypair, 'buy', '0.05');
    const donor = await signInWallet(t.app);
    await t.services.db.insert(donations).values({
      signature: `sig-${donor.wallet}`, campaignId: market.campaignId, kind: 'direct', fromWallet: donor.wallet, toWallet: address(), lamports: 1n, slot: 1n, blockTime: new Date(),
    });
    // On chain for over a day: its first transaction (an airdrop) will be a day and a minute behind the clock.
    const agedKey = await fundedTrader(t.services, 1_000_000_000n);
    const fresh = await signInWallet(t.app);
    await t.services.chain.airdrop!(fresh.wallet, 1_000_000_000n);
    expect(await reportFrom(target.id, { who: holder })).toEqual({ reported: true, collapsed: false });
    expect(await reportFrom(target.id, { who: donor })).toEqual({ reported: true, collapsed: false });
    expect(await reportFrom(target.id, { who: fresh })).toEqual({ reported: true, collapsed: false });
    // (This test is the file's last: sessions signed in before the jump have expired.)
    offsetMs += 24 * 3_600_000 + 60_000;
    const aged = await signInWallet(t.app, agedKey);
    const events: AppEvent[] = [];
    const stop = t.services.events.subscribe((e) => { events.push(e); });
    expect(await reportFrom(target.id, { who: aged })).toEqual({ reported: true, collapsed: true });
    // (On PostgreSQL the event comes back through LISTEN, a moment later.)
    await expect.poll(() => events).toContainEqual({ type: 'comment_changed', tokenAddress: market.mint, id: target.id });
    stop();
    expect((await reportsOf(target.id)).map((r) => [r.basis, r.weight])).toEqual([['creator', 0], ['holder', 1], ['donor', 1], ['fresh', 0], ['aged', 1]]);
    // The age was read from the chain once and kept.
    expect((await t.services.db.select().from(walletAges).where(eq(walletAges.wallet, aged.wallet)))[0]).toMatchObject({ complete: true });

    // Collapsed, not hidden: the text is on the page, marked, and takes replies.
    const thread = (await pageOf(market.mint)).comments.find((c) => c.id === target.id)!;
    expect(thread).toMatchObject({ collapsed: true, body: 'Why did the creator sell?' });
    await posted(market.mint, await signInWallet(t.app), { body: 'I want to know too', parent_id: target.id });
  }, 60_000);
});

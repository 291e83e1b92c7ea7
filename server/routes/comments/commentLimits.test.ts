import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMENT_MESSAGES, COMMENTS_PER_DAY, COMMENTS_PER_MINUTE } from '../../../core/schemas/comment';
import { campaignComments, commentMutes, ipBlocks } from '../../db/schema';
import { muteEndText } from '../../policies/commentLimits';
import { BLOCKED_MESSAGE } from '../../security/ipBlockGuard';
import { ipBlockListOf } from '../../security/ipBlockList';
import { pruneLimitsJob } from '../../jobs/pruneLimits';
import { createTestApp, type TestApp } from '../../testing/app';
import { signInWallet, testIp } from '../../testing/wallet';
import { commentApi, insertCampaign } from './testing';

let t: TestApp;
let api: ReturnType<typeof commentApi>;
let mint: string;
let campaignId: number;
let otherMint: string;
let offsetMs = 0;
const HOUR = 3_600_000;

beforeAll(async () => {
  t = await createTestApp();
  api = commentApi(t);
  t.services.now = () => new Date(Date.now() + offsetMs);
  const owner = await signInWallet(t.app);
  const campaign = await insertCampaign(t, owner.wallet, 'LIMIT');
  [mint, campaignId] = [campaign.tokenAddress!, campaign.id];
  otherMint = (await insertCampaign(t, owner.wallet, 'ELSE')).tokenAddress!;
}, 60_000);
afterAll(async () => { await t.close(); });

const count = async () => (await api.rows()).length;
/** Comments a wallet (and address) posted `agoMs` ago, straight into the table. */
const backfill = (wallet: string, address: string, n: number, agoMs: number) => t.services.db.insert(campaignComments).values(
  Array.from({ length: n }, (_, i) => ({
    campaignId, authorWallet: wallet, clientAddress: address, body: `old ${i}`, createdAt: new Date(t.services.now().getTime() - agoMs + i),
  })));

describe('comment limits (counted from the comment rows)', () => {
  it(`lets a wallet post ${COMMENTS_PER_MINUTE} a minute, then 429 with Retry-After; refused and bad ones do not count`, async () => {
    const w = await signInWallet(t.app);
    for (let i = 0; i < 3; i++) expect((await api.post(mint, w, { body: ' ' })).statusCode).toBe(400);
    for (let i = 0; i < COMMENTS_PER_MINUTE; i++) expect((await api.post(mint, w, { body: `hello ${i}` })).statusCode).toBe(201);
    const before = await count();
    const res = await api.post(mint, w, { body: 'one too many' });
    expect(res.statusCode).toBe(429);
    expect(res.json().error).toBe(COMMENT_MESSAGES.tooFast);
    expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(59);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(await count()).toBe(before);
    // A minute on, the wallet may post again.
    offsetMs += 61_000;
    expect((await api.post(mint, w, { body: 'a minute later' })).statusCode).toBe(201);
  });

  it(`holds ${COMMENTS_PER_MINUTE} a minute per client address across wallets`, async () => {
    const address = testIp();
    for (let i = 0; i < COMMENTS_PER_MINUTE; i++) expect((await api.post(mint, await signInWallet(t.app), { body: `from the office ${i}` }, address)).statusCode).toBe(201);
    const res = await api.post(mint, await signInWallet(t.app), { body: 'sixth from the office' }, address);
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
    expect((await api.post(mint, await signInWallet(t.app), { body: 'another office' }, testIp())).statusCode).toBe(201);
  });

  it(`refuses the ${COMMENTS_PER_DAY + 1}th comment of a day per wallet and per address, Retry-After when the oldest ages out`, async () => {
    const w = await signInWallet(t.app);
    await backfill(w.wallet, testIp(), COMMENTS_PER_DAY, 23 * HOUR);
    const res = await api.post(mint, w, { body: 'over the day' });
    expect(res.statusCode).toBe(429);
    expect(res.json().error).toBe(COMMENT_MESSAGES.tooManyToday);
    const retry = Number(res.headers['retry-after']);
    expect(retry).toBeGreaterThan(3590);
    expect(retry).toBeLessThanOrEqual(3600);
    // Comments older than a day no longer count.
    offsetMs += HOUR + 1000;
    // (A wallet session lasts an hour of the same clock: sign in again.)
    expect((await api.post(mint, await signInWallet(t.app, w.keypair), { body: 'a new day' })).statusCode).toBe(201);

    const address = testIp();
    await backfill('some-other-wallet', address, COMMENTS_PER_DAY, 2 * HOUR);
    const byAddress = await api.post(mint, await signInWallet(t.app), { body: 'same network' }, address);
    expect(byAddress.statusCode).toBe(429);
    expect(byAddress.json().error).toBe(COMMENT_MESSAGES.tooManyToday);
  });

  it('refuses the same text from the same wallet on the same campaign within 24 hours (409), nothing stored', async () => {
    const w = await signInWallet(t.app);
    expect((await api.post(mint, w, { body: 'To the moon' })).statusCode).toBe(201);
    offsetMs += 15_000;
    const before = await count();
    const dup = await api.post(mint, w, { body: '  To the moon ' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error).toBe(COMMENT_MESSAGES.duplicate);
    expect(await count()).toBe(before);
    // Another campaign, another wallet, or a day later: not a duplicate.
    expect((await api.post(otherMint, w, { body: 'To the moon' })).statusCode).toBe(201);
    expect((await api.post(mint, await signInWallet(t.app), { body: 'To the moon' })).statusCode).toBe(201);
    offsetMs += 24 * HOUR;
    expect((await api.post(mint, await signInWallet(t.app, w.keypair), { body: 'To the moon' })).statusCode).toBe(201);
  });

  it('refuses a muted wallet with a 403 naming when the mute ends (or that it does not), until it ends', async () => {
    const w = await signInWallet(t.app);
    const until = new Date(t.services.now().getTime() + HOUR);
    await t.services.db.insert(commentMutes).values({ wallet: w.wallet, mutedUntil: until, mutedBy: 'boss' });
    const res = await api.post(mint, w, { body: 'let me speak' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe(COMMENT_MESSAGES.mutedUntil(muteEndText(until)));
    expect(res.json().error).toMatch(/until \d{4}-\d\d-\d\d \d\d:\d\d UTC$/);
    offsetMs += HOUR + 1000;
    expect((await api.post(mint, await signInWallet(t.app, w.keypair), { body: 'let me speak' })).statusCode).toBe(201);

    const forever = await signInWallet(t.app);
    await t.services.db.insert(commentMutes).values({ wallet: forever.wallet, mutedUntil: null, mutedBy: 'boss' });
    const refused = await api.post(mint, forever, { body: 'hello?' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(COMMENT_MESSAGES.mutedForever);
  });

  it('is covered by the IP block list like every route: a blocked address gets 403 and stores nothing', async () => {
    const w = await signInWallet(t.app);
    const address = testIp();
    await t.services.db.insert(ipBlocks).values({ address, blockedByUsername: 'boss' });
    await ipBlockListOf(t.services)!.reload();
    const before = await count();
    const res = await api.post(mint, w, { body: 'from a blocked network' }, address);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe(BLOCKED_MESSAGE);
    expect((await api.page(mint)).statusCode).toBe(200);
    expect(await count()).toBe(before);
    await t.services.db.delete(ipBlocks);
    await ipBlockListOf(t.services)!.reload();
    expect((await api.post(mint, w, { body: 'unblocked now' }, address)).statusCode).toBe(201);
  });

  it('lets only one of two racing posts take the last slot of the minute', async () => {
    const w = await signInWallet(t.app);
    offsetMs += 120_000;
    for (let i = 0; i < COMMENTS_PER_MINUTE - 1; i++) expect((await api.post(mint, w, { body: `race warmup ${i}` })).statusCode).toBe(201);
    const results = await Promise.all([api.post(mint, w, { body: 'racer a' }), api.post(mint, w, { body: 'racer b' })]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 429]);
  });

  it('forgets a comment\'s client address once its day has passed (the prune job), while a newer one still counts', async () => {
    const address = testIp();
    const w = await signInWallet(t.app);
    expect((await api.post(mint, w, { body: 'kept a day' }, address)).statusCode).toBe(201);
    const mine = async () => (await api.rows(campaignId)).filter((r) => r.authorWallet === w.wallet);
    expect((await mine())[0]!.clientAddress).toBe(address);

    await pruneLimitsJob.run(t.services);
    expect((await mine())[0]!.clientAddress).toBe(address);
    offsetMs += 24 * HOUR + 60_000;
    await pruneLimitsJob.run(t.services);
    const [row] = await mine();
    expect(row!.clientAddress).toBeNull();
    expect(row!.body).toBe('kept a day');
    // The address posts again (the day-old sign-in has expired: a new one); the new row keeps the address for the limits.
    const again = await signInWallet(t.app, w.keypair);
    expect((await api.post(mint, again, { body: 'a day later' }, address)).statusCode).toBe(201);
    expect((await mine()).map((r) => r.clientAddress)).toEqual(expect.arrayContaining([address, null]));
  });
});

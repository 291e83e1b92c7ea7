import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { PublicKey } from '@solana/web3.js';
import { CREATION_MESSAGES as M } from '../../../core/schemas/creation';
import { campaigns, launchRequests, platformKeys } from '../../db/schema';
import { LAUNCH_MESSAGES, MAX_OPEN_PREPARED_PER_WALLET } from '../../curve/launchTerms';
import { create, createBody, prepare, signedInCreator, type Prepared } from '../../testing/launchFlow';
import { launchDbcCampaignOverHttp } from '../../curve/testing/dbcCampaign';
import { CREATION_FEE_LAMPORTS } from '../../curve/launchCampaign';
import { signAsWallet } from '../../testing/signing';
import { createTestApp, type TestApp } from '../../testing/app';
import type { SignedIn } from '../../testing/wallet';
import { WALLET_REQUIRED_MESSAGE } from '../../policies/wallet';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(async () => { await t.close(); });

const balance = async (wallet: string | PublicKey) => BigInt(await t.services.chain.connection.getBalance(new PublicKey(wallet)));
const launchState = async (requestId: string) =>
  (await t.services.db.select().from(launchRequests).where(eq(launchRequests.requestId, requestId)))[0]?.state;

describe('GET /api/revshare/health and /docs', () => {
  it('reports ok and latency, and serves the OpenAPI document of the launch and trading API', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/api/revshare/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toMatchObject({ ok: true, latency: expect.any(Number) });
    const docs = await t.app.inject({ method: 'GET', url: '/api/revshare/docs' });
    const doc = docs.json() as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining([
      '/api/revshare/health', '/api/revshare/docs', '/api/revshare/prepare', '/api/revshare/create', '/api/campaigns/{tokenAddress}',
      '/api/curve/{mint}/buy', '/api/curve/{mint}/sell', '/api/curve/{mint}/execute', '/api/curve/{mint}/progress', '/api/curve/{mint}/quote',
    ]));
  });
});

describe('GET /api/revshare/prepare', () => {
  it('needs a signed-in wallet', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/revshare/prepare' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: WALLET_REQUIRED_MESSAGE });
  });

  it('asks for the creation fee plus the initial buy, with fresh keys every time', async () => {
    const user = await signedInCreator(t.app, t.services, 1);
    const none = await prepare(t.app, user);
    expect(none.amount_to_fund_lamports).toBe(CREATION_FEE_LAMPORTS.toString());
    const two = await prepare(t.app, user, '2');
    expect(two.amount_to_fund_lamports).toBe((CREATION_FEE_LAMPORTS + 2_000_000_000n).toString());
    expect(new Set([none.distribution_wallet, two.distribution_wallet, two.token_address, none.token_address]).size).toBe(4);
    expect(await launchState(two.request_id)).toBe('prepared');
  });

  it('is refused when a browser sends it from another site, and creates nothing', async () => {
    const user = await signedInCreator(t.app, t.services, 0.01);
    const requestsBefore = await t.services.db.$count(launchRequests);
    const keysBefore = await t.services.db.$count(platformKeys);
    for (const headers of [
      { 'sec-fetch-site': 'cross-site' }, { 'sec-fetch-site': 'same-site' }, { origin: 'https://evil.example' },
      { referer: 'https://evil.example/launch.html' }, { 'sec-fetch-site': 'none', referer: 'https://evil.example/' },
    ] as Record<string, string>[]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/revshare/prepare', headers: { cookie: user.cookie, ...headers } });
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(res.json()).toEqual({ error: 'Cross-site request refused' });
    }
    expect(await t.services.db.$count(launchRequests)).toBe(requestsBefore);
    expect(await t.services.db.$count(platformKeys)).toBe(keysBefore);
    // Our own pages (and a typed URL) still work.
    for (const headers of [
      { 'sec-fetch-site': 'same-origin', origin: 'http://localhost:8787', referer: 'http://localhost:8787/start-campaign' },
      { 'sec-fetch-site': 'none' },
    ] as Record<string, string>[]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/revshare/prepare', headers: { cookie: user.cookie, host: 'localhost:8787', ...headers } });
      expect(res.statusCode, res.body).toBe(200);
    }
  });

  it(`keeps at most ${MAX_OPEN_PREPARED_PER_WALLET} unfunded requests open per wallet`, async () => {
    const user = await signedInCreator(t.app, t.services, 0.01);
    for (let i = 0; i < MAX_OPEN_PREPARED_PER_WALLET; i++) await prepare(t.app, user);
    const res = await t.app.inject({ method: 'GET', url: '/api/revshare/prepare', headers: { cookie: user.cookie } });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ error: LAUNCH_MESSAGES.tooManyOpen });
    expect(await t.services.db.$count(launchRequests, eq(launchRequests.creatorWallet, user.wallet))).toBe(MAX_OPEN_PREPARED_PER_WALLET);
  });

  it.each([
    ['0.0009', M.initialBuyMin], ['2.5', M.initialBuyMax], ['-1', M.initialBuyNonNegative], ['lots', M.initialBuyNumber],
  ])('refuses initialBuy=%s with "%s"', async (value, message) => {
    const user = await signedInCreator(t.app, t.services, 0.01);
    const res = await t.app.inject({ method: 'GET', url: `/api/revshare/prepare?initialBuy=${value}`, headers: { cookie: user.cookie } });
    expect(res.statusCode).toBe(400);
    expect((res.json() as { error: string }).error).toBe(message);
  });
});

describe('POST /api/revshare/create: refused requests create nothing and move no SOL', () => {
  let user: SignedIn;
  let prepared: Prepared;
  let creatorBefore: bigint;

  beforeAll(async () => {
    user = await signedInCreator(t.app, t.services, 3);
    prepared = await prepare(t.app, user, '0.5');
    creatorBefore = await balance(user.wallet);
  });

  it.each<[string, unknown, string]>([
    ['name', undefined, M.nameRequired], ['name', ' ', M.nameRequired], ['name', 'ab', M.nameMin], ['name', 'x'.repeat(31), M.nameMax],
    ['ticker', '', M.tickerRequired], ['ticker', 'AB1', M.tickerLetters], ['ticker', 'AB', M.tickerMin], ['ticker', 'ABCDEFGHIJK', M.tickerMax],
    ['goal', '', M.goalRequired], ['goal', '0.5', M.goalMin], ['goal', '-3', M.goalMin], ['goal', '1000.5', M.goalMax], ['goal', 'x', M.goalNumber],
    ['category', 'Crypto', M.category],
    ['initialBuy', '0.0001', M.initialBuyMin], ['initialBuy', '3', M.initialBuyMax], ['initialBuy', '-0.5', M.initialBuyNonNegative],
    ['donationWallet', '', M.donationWalletRequired], ['donationWallet', 'not-a-wallet', M.donationWalletInvalid],
    ['description', '', M.descriptionRequired], ['description', 'd'.repeat(201), M.descriptionMax],
    ['website', 'not a url', M.website], ['twitter', 'https://facebook.com/x', M.twitter], ['telegram', '@ab', M.telegram],
    ['bondingCurveType', 3, M.bondingCurveType],
    ['imageUrl', undefined, M.logoRequired], ['imageUrl', 'logo.png', M.imageUrl], ['videoUrl', 'ftp://x/v.mp4', M.videoUrl],
    ['photos', [{ url: '/ipfs/a' }, { url: '/ipfs/b' }, { url: '/ipfs/c' }, { url: '/ipfs/d' }], M.photosMax],
    ['decimals', 6, 'decimals must be 9'], ['taxTier', 10, 'taxTier must be 6'],
    ['developerWallet', 'nope', M.donationWalletInvalid],
  ])('%s = %j -> 400 "%s"', async (field, value, message) => {
    const res = await create(t.app, user, createBody(user, prepared.request_id, { [field]: value }));
    expect(res.statusCode).toBe(400);
    expect((res.json() as { error: string }).error).toBe(message);
  });

  it('refuses a developerWallet other than the session wallet, and another wallet\'s request', async () => {
    const other = await signedInCreator(t.app, t.services, 0.01);
    const res = await create(t.app, user, createBody(user, prepared.request_id, { developerWallet: other.wallet }));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: LAUNCH_MESSAGES.notYours });
    const theirs = await create(t.app, other, createBody(other, prepared.request_id));
    expect(theirs.statusCode).toBe(403);
    const unknown = await create(t.app, user, createBody(user, '00000000-0000-0000-0000-000000000000'));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: LAUNCH_MESSAGES.unknownRequest });
  });

  it('left everything as it was: request still prepared, no mint, no campaign, no SOL moved', async () => {
    expect(await launchState(prepared.request_id)).toBe('prepared');
    expect(await t.services.chain.connection.getAccountInfo(new PublicKey(prepared.token_address))).toBeNull();
    expect(await t.services.db.$count(campaigns, eq(campaigns.requestId, prepared.request_id))).toBe(0);
    expect(await balance(user.wallet)).toBe(creatorBefore);
    // And the request still goes through once the body is right (campaignGoal is read as goal).
    const body = createBody(user, prepared.request_id, { goal: undefined, campaignGoal: 75 });
    const res = await create(t.app, user, body);
    expect(res.statusCode, res.body).toBe(200);
    const signedTransaction = signAsWallet(res.json<{ transactionBase64: string }>().transactionBase64, user.keypair);
    const done = await t.app.inject({ method: 'POST', url: '/api/revshare/complete', headers: { cookie: user.cookie }, payload: { request_id: prepared.request_id, signedTransaction } });
    expect(done.statusCode, done.body).toBe(200);
    const [row] = await t.services.db.select().from(campaigns).where(eq(campaigns.requestId, prepared.request_id));
    expect(row!.goalLamports).toBe(75_000_000_000n);
  });
});

describe('GET /api/campaigns/{tokenAddress}', () => {
  it('is 404 for an unknown token address', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/campaigns/So11111111111111111111111111111111111111112' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Campaign not found' });
  });

  it('is 404 for the ticker TEST', async () => {
    const user = await signedInCreator(t.app, t.services, 1);
    const launched = await launchDbcCampaignOverHttp(t.app, user, { ticker: 'test', initialBuy: '' });
    const shown = await t.app.inject({ method: 'GET', url: `/api/campaigns/${launched.mint}` });
    expect(shown.statusCode).toBe(404);
  });
});

describe('GET /api/token-metadata/{mint}', () => {
  it('is 404 for a token this server did not launch, and 400 for a malformed address', async () => {
    const unknown = await t.app.inject({ method: 'GET', url: '/api/token-metadata/So11111111111111111111111111111111111111112' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'Token not found' });
    const bad = await t.app.inject({ method: 'GET', url: '/api/token-metadata/not-an-address' });
    expect(bad.statusCode).toBe(400);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshPlatformStats } from '../../commands/refreshPlatformStats';
import { TEST_CAMPAIGNS_SIGN_IN_MESSAGE, WALLET_TEST_CAMPAIGN_LIMIT_MESSAGE, WALLET_TEST_CAMPAIGNS_PER_HOUR } from '../../policies/testCampaigns';
import { createTestApp, type TestApp } from '../../testing/app';
import { signInWallet, testIp } from '../../testing/wallet';
import { TEST_ADMIN_ENV, loginTestAdmin } from '../admin/testAdmin';

describe('connection-test routes', () => {
  let t: TestApp;
  let admin: string;
  const create = (cookie?: string) => t.app.inject({
    method: 'POST', url: '/api/test-campaigns', payload: {}, remoteAddress: testIp(), headers: cookie ? { cookie } : {},
  });
  const list = async (cookie: string) => (await t.app.inject({ method: 'GET', url: '/api/test-campaigns', headers: { cookie } })).json().campaigns as { name: string; creator_wallet: string }[];
  const dbCount = async () => (await t.app.inject({ method: 'GET', url: '/api/db/status' })).json().campaigns as number;

  beforeAll(async () => {
    t = await createTestApp(TEST_ADMIN_ENV);
    admin = await loginTestAdmin(t.app);
  });
  afterAll(async () => { await t.close(); });

  it('GET /api/db/status counts campaigns', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/db/status' })).json()).toEqual({ connected: true, campaigns: 0 });
  });

  it('refuses to create or list test campaigns without an admin or wallet session, and stores nothing', async () => {
    for (let i = 0; i < 25; i++) {
      const res = await create();
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: TEST_CAMPAIGNS_SIGN_IN_MESSAGE });
    }
    expect((await create(`cm_session=${'0'.repeat(64)}; cm_admin=${'1'.repeat(64)}`)).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/test-campaigns' })).statusCode).toBe(401);
    expect(await dbCount()).toBe(0);
  });

  it('lets an admin create numbered test campaigns and list every one', async () => {
    const first = await create(admin);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ name: 'Test Campaign 1', ticker: 'TSTA', creator_wallet: 'test', is_test: true, goal_amount: 10, category: 'Medical' });
    expect((await create(admin)).json()).toMatchObject({ name: 'Test Campaign 2', ticker: 'TSTB', category: 'Emergency' });
    // Its image is a real stored PNG, served where image_url says.
    const imageUrl = first.json().image_url as string;
    expect(imageUrl).toMatch(/^\/ipfs\/baf[a-z2-7]+$/);
    const image = await t.app.inject({ method: 'GET', url: imageUrl });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(true);
    expect((await list(admin)).map((c) => c.name)).toEqual(['Test Campaign 2', 'Test Campaign 1']);
  });

  it(`lets a signed-in wallet create ${WALLET_TEST_CAMPAIGNS_PER_HOUR} an hour, even in parallel, and list only its own`, async () => {
    const alice = await signInWallet(t.app);
    const answers = await Promise.all(Array.from({ length: 8 }, () => create(alice.cookie)));
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(WALLET_TEST_CAMPAIGNS_PER_HOUR);
    for (const refused of answers.filter((r) => r.statusCode !== 201)) {
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ error: WALLET_TEST_CAMPAIGN_LIMIT_MESSAGE });
    }
    const mine = await list(alice.cookie);
    expect(mine).toHaveLength(WALLET_TEST_CAMPAIGNS_PER_HOUR);
    expect(mine.every((c) => c.creator_wallet === alice.wallet)).toBe(true);

    const bob = await signInWallet(t.app);
    expect(await list(bob.cookie)).toEqual([]);
    expect((await create(bob.cookie)).statusCode).toBe(201);
    expect(await list(admin)).toHaveLength(2 + WALLET_TEST_CAMPAIGNS_PER_HOUR + 1);
  });

  it('never shows test campaigns in public lists, counts, the ticker or stats; My Campaigns lists the wallet\'s own, marked', async () => {
    expect(await dbCount()).toBe(2 + WALLET_TEST_CAMPAIGNS_PER_HOUR + 1);
    const get = async (url: string, cookie?: string) => (await t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} })).json();
    expect(await get('/api/campaigns')).toEqual({ campaigns: [], total: 0 });
    expect(await get('/api/campaigns?search=Test%20Campaign')).toEqual({ campaigns: [], total: 0 });
    expect(await get('/api/campaigns/count')).toEqual({ total: 0 });
    expect(JSON.stringify(await get('/api/ticker'))).not.toContain('TST');
    await refreshPlatformStats(t.services);
    expect((await get('/api/platform/stats')).totalCampaigns).toBe(0);
    const carol = await signInWallet(t.app);
    expect((await create(carol.cookie)).statusCode).toBe(201);
    const mine = (await get('/api/account/campaigns', carol.cookie)).campaigns as { creator_wallet: string; is_test: boolean; token_address: string | null }[];
    expect(mine).toEqual([expect.objectContaining({ creator_wallet: carol.wallet, is_test: true, token_address: null })]);
  });

  it('refuses test campaigns on a real cluster', async () => {
    t.services.env.testNetwork = false;
    try {
      const res = await create(admin);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: 'Test campaigns can only be created in local mode' });
    } finally {
      t.services.env.testNetwork = true;
    }
  });

  it('reports a lost database as 503 connected: false', async () => {
    await t.services.database.close();
    const res = await t.app.inject({ method: 'GET', url: '/api/db/status' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ connected: false, error: 'Connection failed' });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaigns, platformWallets } from '../../db/schema';
import { createTestApp, type TestApp } from '../../testing/app';
import { TEST_ADMIN_ENV, loginTestAdmin } from '../admin/testAdmin';

describe('GET /api/admin/platform-wallets', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp(TEST_ADMIN_ENV);
    cookie = await loginTestAdmin(t.app);
    const [older, newer] = await t.services.db.insert(campaigns).values([
      { creatorWallet: 'c1', ticker: 'OLD', name: 'Older Cause', goalLamports: 1n, tokenAddress: 'MintOld' },
      { creatorWallet: 'c2', ticker: 'NEW', name: 'Newer Cause', goalLamports: 1n, tokenAddress: 'MintNew' },
    ]).returning({ id: campaigns.id });
    await t.services.db.insert(platformWallets).values([
      { distributionWallet: 'DistOld', donationWallet: 'GiveOld', campaignId: older!.id, campaignName: 'Older Cause', ticker: 'OLD', createdAt: new Date('2026-11-01T00:00:00Z') },
      { distributionWallet: 'DistNew', donationWallet: 'GiveNew', campaignId: newer!.id, campaignName: 'Newer Cause', ticker: 'NEW', createdAt: new Date('2026-11-20T00:00:00Z') },
      { distributionWallet: 'DistGone', donationWallet: 'GiveGone', campaignId: null, campaignName: 'Gone', ticker: 'GONE', createdAt: new Date('2026-10-01T00:00:00Z') },
    ]);
  });
  afterAll(async () => { await t.close(); });

  const get = (query = '', headers: Record<string, string> = { cookie }) => t.app.inject({ method: 'GET', url: `/api/admin/platform-wallets${query}`, headers });

  it('lists each distributor wallet with the donation wallet it pays and its campaign, newest first, paged', async () => {
    const res = await get();
    expect(res.statusCode).toBe(200);
    expect(res.json().total).toBe(3);
    expect(res.json().wallets.map((w: { distribution_wallet: string; token_address: string | null }) => [w.distribution_wallet, w.token_address]))
      .toEqual([['DistNew', 'MintNew'], ['DistOld', 'MintOld'], ['DistGone', null]]);
    expect((await get('?limit=1&offset=1')).json().wallets.map((w: { donation_wallet: string }) => w.donation_wallet)).toEqual(['GiveOld']);
  });

  it('is for admins only, and refuses bad paging with a 400', async () => {
    expect((await get('', {})).statusCode).toBe(401);
    const bad = await get('?limit=0');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('limit must be at least 1');
  });
});

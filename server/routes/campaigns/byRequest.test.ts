import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaigns } from '../../db/schema';
import { fundedSignedIn, launchDbcCampaignOverHttp } from '../../curve/testing/dbcCampaign';
import { createTestApp, type TestApp } from '../../testing/app';
import type { SignedIn } from '../../testing/wallet';

describe('a campaign launched through the platform: by-request lookup, its launch media and creator writes', () => {
  let t: TestApp;
  let user: SignedIn;
  let requestId: string;
  let mint: string;
  const get = (url: string) => t.app.inject({ method: 'GET', url });

  beforeAll(async () => {
    t = await createTestApp({ CURVE_PROGRAM: 'dbc' });
    user = await fundedSignedIn(t.app, t.services);
    const photos = [{ url: '/ipfs/photoA', isMain: false }, { url: '/ipfs/photoB', isMain: true }];
    const launched = await launchDbcCampaignOverHttp(t.app, user, { initialBuy: '0.5', videoUrl: '/ipfs/videoA', photos });
    [requestId, mint] = [launched.requestId, launched.mint];
  }, 120_000);
  afterAll(async () => { await t.close(); });

  it('finds the campaign by its request id, and by its numeric id as the legacy route does', async () => {
    const res = await get(`/api/campaigns/by-request/${requestId}`);
    expect(res.statusCode, res.body).toBe(200);
    const campaign = res.json();
    expect(campaign).toMatchObject({ token_address: mint, request_id: requestId, creator_wallet: user.wallet, trending: true });
    expect((await get(`/api/campaigns/by-request/${campaign.id}`)).json().token_address).toBe(mint);
    for (const unknown of ['no-such-request', '987654']) {
      const miss = await get(`/api/campaigns/by-request/${unknown}`);
      expect(miss.statusCode).toBe(404);
      expect(miss.json()).toEqual({ error: 'Campaign not found' });
    }
  });

  it('hides test campaigns and the ticker TEST from the lookup', async () => {
    await t.services.db.insert(campaigns).values([
      { creatorWallet: user.wallet, ticker: 'TEST', name: 'T', goalLamports: 1n, requestId: 'req-test-ticker' },
      { creatorWallet: user.wallet, ticker: 'TROW', name: 'T', goalLamports: 1n, requestId: 'req-is-test', isTest: true },
    ]);
    for (const id of ['req-test-ticker', 'req-is-test']) expect((await get(`/api/campaigns/by-request/${id}`)).statusCode).toBe(404);
  });

  it('serves the creation form\'s photos (main first) and video, and takes its creator\'s update', async () => {
    expect((await get(`/api/campaigns/${mint}/gallery`)).json().photos.map((p: { url: string; position: number }) => [p.url, p.position]))
      .toEqual([['/ipfs/photoB', 0], ['/ipfs/photoA', 1]]);
    expect((await get(`/api/campaigns/${mint}/video`)).json().video).toMatchObject({ url: '/ipfs/videoA', uploaded_by: user.wallet });
    const posted = await t.app.inject({
      method: 'POST', url: `/api/campaigns/${mint}/updates`, headers: { cookie: user.cookie }, payload: { title: 'Launched', content: 'We are live.' },
    });
    expect(posted.statusCode, posted.body).toBe(201);
    expect((await get(`/api/campaigns/${mint}/updates`)).json().updates).toMatchObject([{ title: 'Launched', author_wallet: user.wallet }]);
  });
});

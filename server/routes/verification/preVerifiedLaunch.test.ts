import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundedSignedIn, launchDbcCampaignOverHttp } from '../../curve/testing/dbcCampaign';
import { campaigns, verificationRequests } from '../../db/schema';
import { createTestApp, type TestApp } from '../../testing/app';
import { testIp, type SignedIn } from '../../testing/wallet';
import { TEST_ADMIN_ENV, loginTestAdmin } from '../admin/testAdmin';

// Spec 2 section 1 and the Get Verified page: an approved pre-verification gives the badge to
// the campaign the applicant launches later with that ticker, once, and to no one else's.
describe('an approved pre-verification at launch', () => {
  let t: TestApp;
  let adminCookie: string;

  beforeAll(async () => {
    t = await createTestApp({ ...TEST_ADMIN_ENV, CURVE_PROGRAM: 'dbc' });
    adminCookie = await loginTestAdmin(t.app);
  }, 120_000);
  afterAll(async () => { await t.close(); });

  /** A full launch through the HTTP API (the form's ticker is 'water'); the saved campaign row. */
  async function launch(user: SignedIn) {
    const { mint } = await launchDbcCampaignOverHttp(t.app, user, { initialBuy: '0.1' });
    const [row] = await t.services.db.select().from(campaigns).where(eq(campaigns.tokenAddress, mint));
    return row!;
  }

  it('verifies the applicant’s next campaign of that ticker (any case), links the request, and no other', async () => {
    const creator = await fundedSignedIn(t.app, t.services);
    const other = await fundedSignedIn(t.app, t.services);
    const applied = await t.app.inject({
      method: 'POST', url: '/api/verification-requests', remoteAddress: testIp(), headers: { cookie: creator.cookie },
      payload: { campaign_ticker: 'Water', contact_name: 'Ada', contact_email: 'ada@example.org', agree_accuracy: true, agree_cooperation: true },
    });
    expect(applied.statusCode, applied.body).toBe(201);
    const { id } = applied.json() as { id: number };
    const approved = await t.app.inject({ method: 'POST', url: `/api/admin/verification-requests/${id}/approve`, headers: { cookie: adminCookie }, payload: {} });
    expect(approved.json()).toMatchObject({ status: 'approved', token_address: null, verified_campaign_ids: [] });

    // Another wallet's launch of the same ticker does not take it.
    const others = await launch(other);
    expect(others.verified).toBe(false);
    expect((await t.services.db.select().from(verificationRequests).where(eq(verificationRequests.id, id)))[0]!.tokenAddress).toBeNull();

    const first = await launch(creator);
    expect(first).toMatchObject({ ticker: 'WATER', verified: true });
    const [request] = await t.services.db.select().from(verificationRequests).where(eq(verificationRequests.id, id));
    expect(request).toMatchObject({ status: 'approved', tokenAddress: first.tokenAddress });
    const page = await t.app.inject({ method: 'GET', url: `/api/campaigns/${first.tokenAddress}` });
    expect(page.json()).toMatchObject({ verified: true });

    // Used up: the applicant's second campaign of that ticker starts unverified.
    expect((await launch(creator)).verified).toBe(false);
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { donations } from '../db/schema';
import { indexDonations } from '../donations/indexer';
import { creatorOf, donor, launchCampaign, sendSol } from '../donations/testing/donationFlow';
import { createTestApp, type TestApp } from '../testing/app';
import { indexDonationsJob } from './indexDonations';
import { startJobs } from './runner';

describe('the donations job', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp({ CURVE_PROGRAM: 'dbc' }); });
  afterAll(async () => { await t?.close(); });

  it('on the local ledger, wakes on a commit that touches a watched address, long before its next tick', async () => {
    const wallet = (await creatorOf(t.services, 'Wake up')).publicKey.toBase58(); // its own wallet: plain transfers count
    const { campaignId } = await launchCampaign(t.services, 'Wake up', wallet);
    // An hour between ticks: only the start run and a wake can index anything.
    const runner = startJobs(t.services, [indexDonationsJob(3_600_000)]);
    try {
      await runner.runNow('donations');
      const { signature } = await sendSol(t.services, await donor(t.services, 'early'), wallet, 20_000_000n);
      await expect.poll(async () => (await t.services.db.select().from(donations).where(eq(donations.campaignId, campaignId))).map((d) => d.signature), { timeout: 15_000 })
        .toEqual([signature]);
    } finally {
      await runner.stop();
    }
    // Stopped: nothing wakes it any more.
    const late = await sendSol(t.services, await donor(t.services, 'late'), wallet, 30_000_000n);
    await t.services.chain.ledger!.settled();
    expect((await t.services.db.select().from(donations).where(eq(donations.signature, late.signature)))).toEqual([]);
    expect((await indexDonations(t.services)).map((d) => d.signature)).toEqual([late.signature]);
  });
});

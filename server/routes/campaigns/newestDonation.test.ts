import { Keypair } from '@solana/web3.js';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaigns, donations } from '../../db/schema';
import { payOutDbc } from '../../curve/testing/dbcPayout';
import { buy } from '../../demo/market';
import { indexDonations } from '../../donations/indexer';
import { referenceOf } from '../../donations/references';
import { donor, launchCampaign, sendSol } from '../../donations/testing/donationFlow';
import { createTestApp, type TestApp } from '../../testing/app';

const SOL = 1_000_000_000n;

describe("Explore's 'newest donation' order, kept from the chain", () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp({ CURVE_PROGRAM: 'dbc' }); });
  afterAll(async () => { await t?.close(); });

  const list = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/campaigns?sort=newest_donation&limit=10' });
    expect(res.statusCode).toBe(200);
    return (res.json().campaigns as { name: string; last_donation_at: string | null }[]).map((c) => [c.name, c.last_donation_at]);
  };
  const blockTimeOf = async (signature: string) =>
    (await t.services.db.select({ at: donations.blockTime }).from(donations).where(eq(donations.signature, signature)))[0]!.at.toISOString();

  it('orders by the newest direct donation a campaign received; a fee payout is not a donation', async () => {
    const older = await launchCampaign(t.services, 'Older Gift', Keypair.generate().publicKey.toBase58());
    const payout = await launchCampaign(t.services, 'Payout Only', Keypair.generate().publicKey.toBase58());
    const walletOf = async (id: number) => (await t.services.db.select({ wallet: campaigns.donationWallet }).from(campaigns).where(eq(campaigns.id, id)))[0]!.wallet!;
    const [olderWallet, payoutWallet] = [await walletOf(older.campaignId), await walletOf(payout.campaignId)];
    const alice = await donor(t.services, 'alice');

    const gift = await sendSol(t.services, alice, olderWallet, SOL / 5n, { references: [await referenceOf(t.services.db, older.campaignId)] });
    // The distributor's payout to the newer campaign's donation wallet (on DBC: its pool's creator fee from a
    // trade, claimed to the wallet): a 'reward', raised but no donor's gift (were it counted, the newer campaign
    // would lead, by time or by the id breaking a tie).
    await buy(t.services, await donor(t.services, 'trader'), payout.mint, SOL);
    const reward = await payOutDbc(t.services, payout.mint);
    await indexDonations(t.services);
    const giftAt = await blockTimeOf(gift.signature);
    expect(await list()).toEqual([['Older Gift', giftAt], ['Payout Only', null]]);
    const payoutRaised = (await t.services.db.select({ raised: campaigns.raisedLamports }).from(campaigns).where(eq(campaigns.id, payout.campaignId)))[0]!.raised;
    expect(payoutRaised).toBe(reward.lamports);
    expect(reward.lamports).toBeGreaterThan(0n);

    // A gift to the newer campaign is kept as its newest donation (the order of times itself: campaignList.test.ts).
    const later = await sendSol(t.services, alice, payoutWallet, SOL / 5n, { references: [await referenceOf(t.services.db, payout.campaignId)] });
    await indexDonations(t.services);
    const laterAt = await blockTimeOf(later.signature);
    expect(laterAt >= giftAt).toBe(true);
    expect(await list()).toEqual([['Payout Only', laterAt], ['Older Gift', giftAt]]);
  });
});

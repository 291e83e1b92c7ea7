import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifiedCharities } from '../../db/schema';
import { formatSol } from '../../../core/money';
import { payOutDbc } from '../../curve/testing/dbcPayout';
import { buy } from '../../demo/market';
import { indexDonations } from '../../donations/indexer';
import { donor, launchCampaign, sendSol } from '../../donations/testing/donationFlow';
import { createTestApp, type TestApp } from '../../testing/app';

const SOL = 1_000_000_000n;

describe('GET /api/charities', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp({ CURVE_PROGRAM: 'dbc' }); });
  afterAll(async () => { await t.close(); });

  it('lists the active charities in display order, snake case like the table', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/charities' });
    expect(res.statusCode).toBe(200);
    const { charities } = res.json();
    const all = await t.services.db.select().from(verifiedCharities);
    expect(charities).toHaveLength(all.filter((c) => c.isActive).length);
    expect(charities.every((c: { is_active: boolean }) => c.is_active)).toBe(true);
    const orders = charities.map((c: { display_order: number }) => c.display_order);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
    expect(Object.keys(charities[0]).sort()).toEqual(
      ['category', 'description', 'display_order', 'id', 'is_active', 'is_sample', 'logo', 'name', 'paid_lamports', 'paid_sol', 'paying_campaigns', 'website', 'website_url', 'wallet_address'].sort());
  });

  it('follows changes to display order and the active flag', async () => {
    const [a, b] = (await t.app.inject({ method: 'GET', url: '/api/charities' })).json().charities;
    await t.services.db.update(verifiedCharities).set({ displayOrder: 1000 }).where(eq(verifiedCharities.id, a.id));
    await t.services.db.update(verifiedCharities).set({ isActive: false }).where(eq(verifiedCharities.id, b.id));
    const after = (await t.app.inject({ method: 'GET', url: '/api/charities' })).json().charities;
    expect(after.at(-1).id).toBe(a.id);
    expect(after.map((c: { id: number }) => c.id)).not.toContain(b.id);
  });

  it('says what campaigns have paid each charity so far: the distributor payouts into its wallet, read back from the chain', async () => {
    const [charity] = (await t.app.inject({ method: 'GET', url: '/api/charities' })).json().charities;
    expect(charity).toMatchObject({ paid_lamports: '0', paid_sol: '0', paying_campaigns: 0 });
    const wallet = charity.wallet_address;
    const first = await launchCampaign(t.services, 'Paying one', wallet);
    const second = await launchCampaign(t.services, 'Paying two', wallet);
    const gas = await donor(t.services, 'gas');
    // On DBC a payout is the pool's creator fee (4.8% of each trade, in SOL) claimed straight to the wallet.
    let paid = 0n;
    for (const [campaign, lamports] of [[first, SOL], [second, 2n * SOL], [first, SOL / 2n]] as const) {
      await buy(t.services, gas, campaign.mint, lamports);
      paid += (await payOutDbc(t.services, campaign.mint)).lamports;
    }
    expect(paid).toBeGreaterThan(SOL * 48n * 35n / 10_000n - 10n);
    // A gift straight to the charity is not a campaign's payout.
    await sendSol(t.services, gas, wallet, SOL);
    await indexDonations(t.services);

    const after = (await t.app.inject({ method: 'GET', url: '/api/charities' })).json().charities;
    expect(after.find((c: { id: number }) => c.id === charity.id)).toMatchObject({ paid_lamports: paid.toString(), paid_sol: formatSol(paid), paying_campaigns: 2 });
    expect(after.filter((c: { paid_lamports: string }) => c.paid_lamports !== '0')).toHaveLength(1);
  });
});

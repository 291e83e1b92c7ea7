import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { priceLamportsPerToken } from '../../../core/curve';
import { WALLET_REQUIRED_MESSAGE } from '../../policies/wallet';
import { buy, tokenBalance } from '../../demo/market';
import { indexDonations } from '../../donations/indexer';
import { referenceOf } from '../../donations/references';
import { donor, launchCampaign, sendSol } from '../../donations/testing/donationFlow';
import { findCurvePool, stateOfPool } from '../../curve/pools';
import { createTestApp, type TestApp } from '../../testing/app';
import { signInWallet } from '../../testing/wallet';

const SOL = 1_000_000_000n;

describe('the account page\'s activity: holdings, trades and donations of the session wallet', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp({ CURVE_PROGRAM: 'dbc' }); });
  afterAll(async () => { await t?.close(); });
  const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

  it('needs a signed-in wallet', async () => {
    for (const url of ['/api/account/holdings', '/api/account/trades', '/api/account/donations']) {
      const res = await get(url);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: WALLET_REQUIRED_MESSAGE });
    }
  });

  it('lists what the wallet holds (valued at the curve), its trades and its direct donations, and nothing of others', async () => {
    const charity = (await donor(t.services, 'charity')).publicKey.toBase58();
    const water = await launchCampaign(t.services, 'Water', charity);
    const trader = await donor(t.services, 'trader');
    const me = await signInWallet(t.app, trader);
    const other = await signInWallet(t.app);

    const bought = await buy(t.services, trader, water.mint, SOL / 5n);
    const gift = await sendSol(t.services, trader, charity, SOL / 10n, { references: [await referenceOf(t.services.db, water.campaignId)] });
    await indexDonations(t.services);

    const held = await tokenBalance(t.services, water.mint, trader.publicKey);
    expect(held).toBeGreaterThan(0n);
    const price = priceLamportsPerToken(stateOfPool((await findCurvePool(t.services.db, water.mint))!));
    const holdings = (await get('/api/account/holdings', me.cookie)).json().holdings;
    expect(holdings).toEqual([{
      campaign: expect.objectContaining({ token_address: water.mint, title: 'Water' }),
      amount: held.toString(),
      value_lamports: ((held * price.num) / (price.den * SOL)).toString(),
      value_sol: expect.any(String),
    }]);
    expect(BigInt(holdings[0].value_lamports)).toBeGreaterThan(0n);

    const trades = (await get('/api/account/trades', me.cookie)).json().trades;
    expect(trades).toEqual([expect.objectContaining({ signature: bought, side: 'buy', sol: '0.2', campaign: expect.objectContaining({ token_address: water.mint }) })]);
    const donations = (await get('/api/account/donations', me.cookie)).json().donations;
    expect(donations).toEqual([expect.objectContaining({
      signature: gift.signature, sol: '0.1', lamports: '100000000', campaign: expect.objectContaining({ token_address: water.mint }),
      receipt_path: `/receipt/${gift.signature}/${me.wallet}`,
    })]);

    for (const url of ['/api/account/holdings', '/api/account/trades', '/api/account/donations']) {
      expect(Object.values((await get(url, other.cookie)).json())[0]).toEqual([]);
    }
  });
});

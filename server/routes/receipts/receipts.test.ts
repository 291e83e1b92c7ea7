import { Keypair } from '@solana/web3.js';
import { parse } from 'csv-parse/sync';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_GOODS_STATEMENT } from '../../../core/receipt';
import { donations, verifiedCharities } from '../../db/schema';
import { indexDonations } from '../../donations/indexer';
import { referenceOf } from '../../donations/references';
import { creatorOf, donor, launchCampaign, proveControl, sendSol } from '../../donations/testing/donationFlow';
import { WALLET_REQUIRED_MESSAGE } from '../../policies/wallet';
import { createTestApp, type TestApp } from '../../testing/app';
import { signInWallet } from '../../testing/wallet';
import { DONOR_RECEIPT_NOT_FOUND, RECEIPT_NOT_FOUND } from './receipts';

const SOL = 1_000_000_000n;

describe('donation receipts and a donor\'s CSV', () => {
  let t: TestApp;
  let charityCampaign: Awaited<ReturnType<typeof launchCampaign>>;
  let creatorCampaign: Awaited<ReturnType<typeof launchCampaign>>;
  let giver: Keypair;
  let gifts: { charity: string; creator: string; failed: string };

  beforeAll(async () => {
    // The rate when these donations are indexed: the receipts' USD figures must use it.
    t = await createTestApp({ SOL_USD: '123.45', CURVE_PROGRAM: 'dbc' });
    const charity = (await donor(t.services, 'charity')).publicKey.toBase58();
    await t.services.db.insert(verifiedCharities).values({ name: 'Clean Water Trust', website: 'water.org', walletAddress: charity, category: 'Environment', displayOrder: 900 });
    charityCampaign = await launchCampaign(t.services, 'Water', charity);
    const creator = (await creatorOf(t.services, 'Shelter')).publicKey.toBase58();
    creatorCampaign = await launchCampaign(t.services, 'Shelter', creator);
    giver = await donor(t.services, 'giver');
    gifts = {
      charity: (await sendSol(t.services, giver, charity, SOL / 4n, { references: [await referenceOf(t.services.db, charityCampaign.campaignId)] })).signature,
      creator: (await sendSol(t.services, giver, creator, SOL / 10n, { references: [await referenceOf(t.services.db, creatorCampaign.campaignId)] })).signature,
      // More than the donor has: it lands as a failed transaction.
      failed: (await sendSol(t.services, giver, charity, 1_000n * SOL, { references: [await referenceOf(t.services.db, charityCampaign.campaignId)], fail: true })).signature,
    };
    await indexDonations(t.services);
  });
  afterAll(async () => { await t?.close(); });
  const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

  it('gives a direct donation\'s receipt: donor, amount, USD at the rate of the day, the campaign, whose wallet, the statement', async () => {
    const res = await get(`/api/receipts/${gifts.charity}`);
    expect(res.statusCode).toBe(200);
    const receipt = res.json();
    expect(receipt).toMatchObject({
      kind: 'receipt',
      signature: gifts.charity,
      donor: giver.publicKey.toBase58(),
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      explorer_url: expect.stringContaining(gifts.charity),
      // The donor's own receipt: the transaction and the donor (issue 34: several may share one transaction).
      receipt_url: `http://localhost:${t.services.env.PORT}/receipt/${gifts.charity}/${giver.publicKey.toBase58()}`,
      total_sol: '0.25',
      total_lamports: '250000000',
      // 0.25 SOL at $123.45.
      total_usd_estimate: '30.86',
      statement: NO_GOODS_STATEMENT,
      note: expect.stringContaining('never held it'),
    });
    expect(receipt.lines).toEqual([{
      campaign: { token_address: charityCampaign.mint, ticker: 'WATER', title: 'Water' },
      from: giver.publicKey.toBase58(),
      to: expect.any(String),
      recipient: { kind: 'verified_charity', charity_name: 'Clean Water Trust', description: 'Clean Water Trust (a verified charity)' },
      lamports: '250000000', sol: '0.25', sent_lamports: '250000000', sent_sol: '0.25', not_counted: [], sol_usd: '123.45000000', usd_estimate: '30.86',
    }]);
    // The same receipt at the donor's own address.
    expect((await get(`/api/receipts/${gifts.charity}/${giver.publicKey.toBase58()}`)).json()).toEqual(receipt);
  });

  it('says when the SOL went to the creator\'s own wallet, or to a wallet that proved its consent', async () => {
    const own = (await get(`/api/receipts/${gifts.creator}`)).json();
    expect(own.lines[0].recipient).toEqual({ kind: 'creator_wallet', charity_name: null, description: 'The campaign creator\'s own wallet' });
    expect(own.total_usd_estimate).toBe('12.35');

    const friend = await donor(t.services, 'friend-wallet');
    const proven = await launchCampaign(t.services, 'Garden', friend.publicKey.toBase58());
    await proveControl(t.app, t.services, 'Garden', friend);
    const gift = await sendSol(t.services, giver, friend.publicKey.toBase58(), SOL / 100n);
    await indexDonations(t.services);
    const receipt = (await get(`/api/receipts/${gift.signature}`)).json();
    expect(receipt.lines[0]).toMatchObject({ campaign: { token_address: proven.mint }, recipient: { kind: 'proven' } });
    expect(receipt.lines[0].recipient.description).toContain('confirmed by a signature');
  });

  it('has no receipt for a failed transfer, a payout (no donor), an unknown signature; bad signatures are 400s', async () => {
    for (const signature of [gifts.failed, Keypair.generate().publicKey.toBase58().repeat(2).slice(0, 88)]) {
      const res = await get(`/api/receipts/${signature}`);
      expect(res.statusCode, signature).toBe(404);
      expect(res.json()).toEqual({ error: RECEIPT_NOT_FOUND });
    }
    // A distributor's payout is a donation row too, but of kind 'reward': no donor gave it.
    const [row] = await t.services.db.select().from(donations).where(eq(donations.signature, gifts.charity));
    const payout = `${gifts.charity.slice(0, -4)}1111`;
    await t.services.db.insert(donations).values({ ...row!, signature: payout, kind: 'reward' });
    expect((await get(`/api/receipts/${payout}`)).statusCode).toBe(404);

    for (const bad of ['abc', '0OIl'.repeat(20), `${gifts.charity}x`.padEnd(90, 'x')]) {
      const res = await get(`/api/receipts/${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().error).toBe('signature must be a Solana transaction signature');
    }
    // A donor's receipt: only for a wallet that gave in that transaction, and only for a wallet address.
    const stranger = await get(`/api/receipts/${gifts.charity}/${Keypair.generate().publicKey.toBase58()}`);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toEqual({ error: DONOR_RECEIPT_NOT_FOUND });
    for (const bad of ['abc', '0OIl'.repeat(10)]) {
      const res = await get(`/api/receipts/${gifts.charity}/${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().error).toBe('donor must be a Solana wallet address');
    }
  });

  it('shows no USD figure for a donation indexed before rates were kept, rather than today\'s', async () => {
    const gift = await sendSol(t.services, giver, (await creatorOf(t.services, 'Shelter')).publicKey.toBase58(), SOL / 2n, { references: [await referenceOf(t.services.db, creatorCampaign.campaignId)] });
    await indexDonations(t.services);
    await t.services.db.update(donations).set({ solUsd: null }).where(eq(donations.signature, gift.signature));
    const receipt = (await get(`/api/receipts/${gift.signature}`)).json();
    expect(receipt.lines[0]).toMatchObject({ sol: '0.5', sol_usd: null, usd_estimate: null });
    expect(receipt.total_usd_estimate).toBeNull();
  });

  describe('GET /api/account/donations.csv', () => {
    it('needs a signed-in wallet', async () => {
      const res = await get('/api/account/donations.csv');
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: WALLET_REQUIRED_MESSAGE });
    });

    it('lists the wallet\'s own direct donations, one row each with its receipt link, for a year or all time', async () => {
      const me = await signInWallet(t.app, giver);
      // One of them given in 2025 (as the chain would have timed it).
      await t.services.db.update(donations).set({ blockTime: new Date('2025-12-31T23:59:59Z') })
        .where(and(eq(donations.signature, gifts.creator), eq(donations.kind, 'direct')));

      const all = await get('/api/account/donations.csv?year=all', me.cookie);
      expect(all.statusCode).toBe(200);
      expect(all.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(all.headers['content-disposition']).toBe('attachment; filename="causemint-donations-all.csv"');
      const rows = parse(all.body, { columns: true }) as Record<string, string>[];
      expect(rows.map((r) => r.signature).sort()).toEqual(
        (await t.services.db.select({ s: donations.signature }).from(donations).where(and(eq(donations.fromWallet, giver.publicKey.toBase58()), eq(donations.kind, 'direct'))))
          .map((r) => r.s).sort(),
      );
      const water = rows.find((r) => r.signature === gifts.charity)!;
      expect(water).toMatchObject({
        campaign: 'Water', ticker: 'WATER', token_address: charityCampaign.mint, recipient: 'Clean Water Trust (a verified charity)',
        sol: '0.25', lamports: '250000000', usd_estimate: '30.86', sol_usd_rate: '123.45',
        receipt_url: `http://localhost:${t.services.env.PORT}/receipt/${gifts.charity}/${giver.publicKey.toBase58()}`,
      });
      expect(Object.keys(water)).toEqual(['date_utc', 'campaign', 'ticker', 'token_address', 'to_wallet', 'recipient', 'sol', 'lamports',
        'usd_estimate', 'sol_usd_rate', 'signature', 'receipt_url', 'explorer_url']);
      expect(all.body).toBe((await get('/api/account/donations.csv', me.cookie)).body);

      const of2025 = parse((await get('/api/account/donations.csv?year=2025', me.cookie)).body, { columns: true }) as Record<string, string>[];
      expect(of2025.map((r) => r.signature)).toEqual([gifts.creator]);
      expect(of2025[0]!.date_utc).toBe('2025-12-31T23:59:59.000Z');
      const thisYear = String(new Date().getUTCFullYear());
      const current = parse((await get(`/api/account/donations.csv?year=${thisYear}`, me.cookie)).body, { columns: true }) as Record<string, string>[];
      expect(current.map((r) => r.signature)).not.toContain(gifts.creator);
      expect(current.length).toBe(rows.length - 1);

      // Someone else's CSV holds none of them: a header only.
      const other = await signInWallet(t.app);
      expect((await get('/api/account/donations.csv', other.cookie)).body.trim().split('\r\n')).toHaveLength(1);
    });

    it('refuses a year that is not one, before 2020 or in the future', async () => {
      const me = await signInWallet(t.app, giver);
      const next = new Date().getUTCFullYear() + 1;
      const cases: [string, string][] = [
        ['abc', 'year must be a year like 2026, or all'],
        ['20255', 'year must be a year like 2026, or all'],
        ['2025.5', 'year must be a year like 2026, or all'],
        ['2019', `year must be from 2020 to ${next - 1}`],
        [String(next), `year must be from 2020 to ${next - 1}`],
      ];
      for (const [year, message] of cases) {
        const res = await get(`/api/account/donations.csv?year=${year}`, me.cookie);
        expect(res.statusCode, year).toBe(400);
        expect(res.json().error, year).toBe(message);
      }
    });
  });
});

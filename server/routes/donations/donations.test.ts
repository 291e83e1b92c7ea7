import { Keypair } from '@solana/web3.js';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseTransferRequestUrl } from '../../../core/solanaPay';
import { indexDonations } from '../../donations/indexer';
import { creatorOf, donor, launchCampaign, sendSol } from '../../donations/testing/donationFlow';
import { createTestApp, type TestApp } from '../../testing/app';

const SOL = 1_000_000_000n;

describe('GET /api/campaigns/{tokenAddress}/donations, /donations.csv and /donate-link', () => {
  let t: TestApp;
  let mint: string;
  let wallet: string;
  let giver: string;
  const signatures: string[] = [];

  beforeAll(async () => {
    t = await createTestApp({ CURVE_PROGRAM: 'dbc' });
    wallet = (await creatorOf(t.services, 'Receipts')).publicKey.toBase58(); // its own wallet: plain transfers count
    ({ mint } = await launchCampaign(t.services, 'Receipts', wallet));
    const giverKey = await donor(t.services, 'giver');
    giver = giverKey.publicKey.toBase58();
    const ledger = t.services.chain.ledger!;
    // Twelve donations of 0.01 .. 0.12 SOL, each in a later slot: newest first is well defined.
    for (let i = 1n; i <= 12n; i++) {
      ledger.warp(ledger.slot + 1n);
      signatures.push((await sendSol(t.services, giverKey, wallet, i * SOL / 100n)).signature);
    }
    await indexDonations(t.services);
  });
  afterAll(async () => { await t?.close(); });

  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('pages newest first with the total and the raised sum', async () => {
    const first = await get(`/api/campaigns/${mint}/donations?limit=10`);
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body.total).toBe(12);
    expect(body.totalRaisedLamports).toBe((78n * SOL / 100n).toString());
    expect(body.totalRaisedSol).toBe('0.78');
    expect(body.donations).toHaveLength(10);
    expect(body.donations[0]).toEqual({
      signature: signatures[11], kind: 'direct', from: giver, lamports: '120000000', sol: '0.12', timestamp: expect.any(String),
      sentLamports: '120000000', sentSol: '0.12', notCounted: [], receiptPath: `/receipt/${signatures[11]}/${giver}`,
    });
    expect(Number.isNaN(Date.parse(body.donations[0].timestamp))).toBe(false);
    const second = (await get(`/api/campaigns/${mint}/donations?limit=10&offset=10`)).json();
    expect([...body.donations, ...second.donations].map((d: { signature: string }) => d.signature)).toEqual([...signatures].reverse());
  });

  it('serves every row as CSV with its explorer link', async () => {
    const res = await get(`/api/campaigns/${mint}/donations.csv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe('attachment; filename="receip-donations.csv"');
    const records = parse(res.body, { relax_quotes: false, relax_column_count: false, record_delimiter: '\r\n' }) as string[][];
    expect(records[0]).toEqual(['signature', 'kind', 'from', 'to', 'lamports', 'sol', 'timestamp', 'explorer_url']);
    expect(records).toHaveLength(13);
    const [signature, kind, , to, lamports, sol, , link] = records[1]!;
    expect([signature, kind, to, lamports, sol]).toEqual([signatures[11], 'direct', wallet, '120000000', '0.12']);
    expect(link).toBe(`https://explorer.solana.com/tx/${signatures[11]}?cluster=custom&customUrl=${encodeURIComponent(`${t.services.env.publicUrl}/api/rpc`)}`);
  });

  it('returns a Solana Pay transfer request for the campaign, with or without an amount', async () => {
    const withAmount = (await get(`/api/campaigns/${mint}/donate-link?amount=1.5`)).json();
    expect(withAmount.recipient).toBe(wallet);
    expect(parseTransferRequestUrl(withAmount.url)).toEqual({
      recipient: wallet, amountLamports: 3n * SOL / 2n, references: [withAmount.reference], label: 'Causemint', message: 'Donation to Receipts',
    });
    const open = (await get(`/api/campaigns/${mint}/donate-link`)).json();
    // The reference is the campaign's, stable across requests.
    expect(open.reference).toBe(withAmount.reference);
    expect(parseTransferRequestUrl(open.url).amountLamports).toBeUndefined();
  });

  it('answers bad input with a 400 and a plain message, unknown campaigns with a 404', async () => {
    for (const query of ['limit=0', 'limit=abc', 'limit=101', 'offset=-1', 'offset=1.5']) {
      const res = await get(`/api/campaigns/${mint}/donations?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error).toMatch(/^(limit|offset) must/);
    }
    for (const amount of ['0', '-1', 'abc', '1e3', '0.0000000001', '2000000000']) {
      const res = await get(`/api/campaigns/${mint}/donate-link?amount=${amount}`);
      expect(res.statusCode, amount).toBe(400);
      expect(res.json().error).toMatch(/^amount must/);
    }
    for (const path of ['donations', 'donations.csv', 'donate-link']) {
      const res = await get(`/api/campaigns/${Keypair.generate().publicKey.toBase58()}/${path}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'Campaign not found' });
    }
  });
});

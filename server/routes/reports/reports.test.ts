import { Keypair } from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_TYPES } from '../../../core/enums';
import { campaignReports, campaigns } from '../../db/schema';
import type { AppEvent } from '../../events/hub';
import { createTestApp, type TestApp } from '../../testing/app';
import { REPORTS_PER_HOUR } from '../../policies/reportLimits';

const address = () => Keypair.generate().publicKey.toBase58();
const LONG = 'This campaign promises donations to a shelter that says it never heard of them.';

describe('POST /api/reports', () => {
  let t: TestApp;
  const mint = address();
  const reports = () => t.services.db.select().from(campaignReports);
  let ip = 0;
  // Each test its own client address, so the per-address limit is only met where a test means to.
  const post = (payload: unknown, remoteAddress = `10.1.0.${++ip}`) =>
    t.app.inject({ method: 'POST', url: '/api/reports', payload: payload as object, remoteAddress });
  const valid = () => ({ token_address: mint, report_type: 'Fraudulent/Scam', description: LONG, agree: true });

  beforeAll(async () => {
    t = await createTestApp();
    await t.services.db.insert(campaigns).values({ creatorWallet: address(), ticker: 'HELP', name: 'Help Shelter', goalLamports: 1n, tokenAddress: mint });
  });
  afterAll(async () => { await t.close(); });

  it('stores a report pending, under the campaign\'s ticker, answers 201 { id, status } and tells admin pages (the id only)', async () => {
    const seen: AppEvent[] = [];
    const stop = t.services.events.subscribe((e) => seen.push(e));
    const res = await post({
      ...valid(), campaign_ticker: 'IGNORED', description: `   ${LONG}  `, evidence: ' https://example.org/proof ',
      contact_email: 'me@example.org', x_handle: '@watcher', telegram_handle: '', status: 'resolved',
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({ id: expect.any(Number), status: 'pending' });
    const [row] = await reports();
    expect(row).toMatchObject({
      id: body.id, campaignTicker: 'HELP', tokenAddress: mint, reportType: 'Fraudulent/Scam', description: LONG,
      evidence: 'https://example.org/proof', contactEmail: 'me@example.org', xHandle: '@watcher', telegramHandle: null,
      status: 'pending', adminNotes: null, resolution: null,
    });
    await expect.poll(() => seen).toContainEqual({ type: 'report_submitted', id: body.id });
    stop();
  });

  it('takes each of the eight report types', async () => {
    for (const reportType of REPORT_TYPES) {
      const res = await post({ ...valid(), report_type: reportType });
      expect(res.statusCode, reportType).toBe(201);
    }
  });

  it('refuses every bad report with a 400 and the spec\'s message, storing nothing', async () => {
    const before = (await reports()).length;
    const { agree: _agree, ...unagreed } = valid();
    const cases: [unknown, string][] = [
      [{ ...valid(), token_address: undefined }, 'Please fill in all required fields'],
      [{ ...valid(), token_address: '' }, 'Please fill in all required fields'],
      [{ ...valid(), report_type: undefined }, 'Please fill in all required fields'],
      [{ ...valid(), report_type: 'Spam' }, 'Please fill in all required fields'],
      [{ ...valid(), description: undefined }, 'Please fill in all required fields'],
      [{ ...valid(), description: '      ' }, 'Please fill in all required fields'],
      [{ ...valid(), description: `  ${'x'.repeat(49)}      ` }, 'Description must be at least 50 characters'],
      [{ ...valid(), description: 'x'.repeat(5001) }, 'Description must be at most 5000 characters'],
      [unagreed, 'You must agree to the terms to submit a report'],
      [{ ...valid(), agree: false }, 'You must agree to the terms to submit a report'],
      [{ ...valid(), agree: 'true' }, 'You must agree to the terms to submit a report'],
      [{ ...valid(), contact_email: 'not-an-email' }, 'Please enter a valid email address'],
      [{ ...valid(), x_handle: 'has spaces in it' }, 'Please enter a valid X handle (e.g. @username) or profile link'],
      [{ ...valid(), telegram_handle: '@x' }, 'Please enter a valid Telegram handle (e.g. @username) or t.me link'],
      [{ ...valid(), evidence: 'e'.repeat(2001) }, 'Evidence must be at most 2000 characters'],
      [{ ...valid(), token_address: 'not-a-mint' }, "The campaign you're reporting doesn't exist"],
      [{ ...valid(), token_address: address() }, "The campaign you're reporting doesn't exist"],
    ];
    for (const [payload, error] of cases) {
      const res = await post(payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 120)).toBe(400);
      expect(res.json().error).toBe(error);
    }
    const notJson = await t.app.inject({ method: 'POST', url: '/api/reports', payload: '{', headers: { 'content-type': 'application/json' } });
    expect(notJson.statusCode).toBe(400);
    expect((await post([valid()])).statusCode).toBe(400);
    expect((await reports()).length).toBe(before);
  });

  it(`limits an address to ${REPORTS_PER_HOUR} reports an hour with a 429, Retry-After and a clear message; refused ones do not count`, async () => {
    const from = '10.9.9.9';
    for (let i = 0; i < 3; i++) expect((await post({ ...valid(), agree: false }, from)).statusCode).toBe(400);
    for (let i = 0; i < 3; i++) expect((await post({ ...valid(), token_address: address() }, from)).statusCode).toBe(400);
    for (let i = 0; i < REPORTS_PER_HOUR; i++) expect((await post(valid(), from)).statusCode).toBe(201);
    const before = (await reports()).length;
    const res = await post(valid(), from);
    expect(res.statusCode).toBe(429);
    expect(res.json().error).toBe('Too many reports from your network: at most 5 an hour. Please try again in 60 minutes.');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(3500);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(3600);
    expect((await reports()).length).toBe(before);
    expect((await post(valid(), '10.9.9.10')).statusCode).toBe(201);
  });
});

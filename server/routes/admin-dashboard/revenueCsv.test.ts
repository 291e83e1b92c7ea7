import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lamportsToSolString } from '../../../core/money';
import { campaigns, revenueEntries } from '../../db/schema';
import { fundedSignedIn, launchDbcCampaignOverHttp } from '../../curve/testing/dbcCampaign';
import { createTestApp, type TestApp } from '../../testing/app';
import { TEST_ADMIN_ENV, loginTestAdmin } from '../admin/testAdmin';

// The audit's name: a CR splits an unquoted row and starts the next line with a formula.
const AUDIT_NAME = '=2+3*7\r\n"quoted", and\rmore';
// Names creation trims or refuses (a leading tab or CR), or that an older row may hold.
const HOSTILE_NAMES = ['+2+3*7', '-2+3*7', '@SUM(A1:A9)', '\t=2+3*7', '\r=2+3*7', '\uFF1D2+3', 'cmd|"/c calc"!A0,\n=1', 'Plain, "quoted" name'];
const neutralised = (text: string) => (/^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/.test(text) ? `'${text}` : text);
const strictly = (csv: string) => parse(csv, { relax_quotes: false, relax_column_count: false, record_delimiter: '\r\n' }) as string[][];

describe('GET /api/admin/revenue.csv with hostile campaign names', () => {
  let t: TestApp;
  let cookie: string;
  let campaign: { mint: string };
  const download = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/revenue.csv', headers: { cookie } });
    expect(res.statusCode, res.body).toBe(200);
    return res.body;
  };

  beforeAll(async () => {
    t = await createTestApp({ ...TEST_ADMIN_ENV, CURVE_PROGRAM: 'dbc' });
    cookie = await loginTestAdmin(t.app);
    // Through the real creation flow (DBC: the creation fee is in the creator's launch transaction): the name passes its checks as it is.
    campaign = await launchDbcCampaignOverHttp(t.app, await fundedSignedIn(t.app, t.services), { ticker: 'csv', name: AUDIT_NAME });
  }, 120_000);
  afterAll(async () => { await t.close(); });

  it('quotes CR, LF, quotes and commas and neutralises a leading formula: a strict parser reads one record per row', async () => {
    const [row] = await t.services.db.select().from(campaigns).where(eq(campaigns.tokenAddress, campaign.mint));
    expect(row.name).toBe(AUDIT_NAME);
    const csv = await download();
    const records = strictly(csv);
    const [entry] = await t.services.db.select().from(revenueEntries);
    expect(records).toEqual([
      ['date', 'source', 'campaign', 'ticker', 'token_address', 'amount_sol', 'signature'],
      [expect.any(String), 'creation_fee', `'${AUDIT_NAME}`, 'CSV', campaign.mint, lamportsToSolString(entry.lamports), entry.signature],
    ]);
    // RFC 4180: records end with CRLF, and no line of the file starts with the formula.
    expect(csv.endsWith('\r\n')).toBe(true);
    expect(csv.split(/\r\n|\r|\n/).some((line) => line.startsWith('=2+3*7'))).toBe(false);
  });

  it('neutralises every leading =, +, -, @, tab and CR (and full-width forms), leaving other text as it is', async () => {
    for (const name of HOSTILE_NAMES) {
      await t.services.db.update(campaigns).set({ name }).where(eq(campaigns.tokenAddress, campaign.mint));
      const records = strictly(await download());
      expect(records, JSON.stringify(name)).toHaveLength(2);
      expect(records[1]![2], JSON.stringify(name)).toBe(neutralised(name));
      expect(records.every((r) => r.length === 7)).toBe(true);
    }
    expect(neutralised('Plain, "quoted" name')).toBe('Plain, "quoted" name');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { formatDayUtc } from '../../core/format';
import { campaigns } from '../db/schema';
import { LAMPORTS_PER_SOL } from '../../core/constants';
import { launchDbcCampaign } from '../curve/testing/dbcCampaign';
import { dbcBuy, dbcSell } from '../curve/testing/dbcTrade';
import { signedInCreator } from '../testing/launchFlow';
import { tradeHooksIdle } from '../market';
import type { CampaignJson } from '../presenters/campaign';
import { createTestApp, type TestApp } from '../testing/app';
import { testIp, type SignedIn } from '../testing/wallet';
import { chainHoldings } from '../chain/holdings';
import { startJobs, type JobRunner } from './runner';
import { refreshTrustFlagsJob } from './refreshTrustFlags';

// Real PGlite, the real ledger and DBC launch flow (each campaign its own pool), and only this job running: nothing but the
// job computes the flags (no request asks GET /trust here).
let t: TestApp;
let runner: JobRunner;

beforeAll(async () => {
  t = await createTestApp({ CURVE_PROGRAM: 'dbc' });
}, 60_000);
afterAll(async () => {
  await runner?.stop();
  await tradeHooksIdle(t.services);
  await t.close();
});

const get = (url: string) => t.app.inject({ method: 'GET', url, remoteAddress: testIp() });
type ListAnswer = { campaigns: CampaignJson[]; total: number };
async function list(query = ''): Promise<ListAnswer> {
  const res = await get(`/api/campaigns?limit=100${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ListAnswer;
}
const tickersOf = (answer: ListAnswer) => answer.campaigns.map((c) => c.ticker).sort();
const highIdsOf = async (mint: string) => (await list()).campaigns.find((c) => c.token_address === mint)?.high_flags.map((f) => f.id);

async function launch(creator: SignedIn, ticker: string): Promise<string> {
  const launched = await launchDbcCampaign(t.services, { creator: creator.keypair, initialBuyLamports: LAMPORTS_PER_SOL, form: { ticker } });
  return launched.mint;
}
async function until<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, ms: number): Promise<number> {
  const start = Date.now();
  for (;;) {
    const value = await read();
    if (done(value)) return Date.now() - start;
    if (Date.now() - start > ms) throw new Error(`${what}: still ${JSON.stringify(value)} after ${ms} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('high trust flags on the campaign list (issue 23)', () => {
  let honest: string;
  let dumped: string;
  let dumper: SignedIn;

  it('the job computes every campaign at start; an honest launch carries no high flag', async () => {
    const honestCreator = await signedInCreator(t.app, t.services, 10);
    dumper = await signedInCreator(t.app, t.services, 10);
    honest = await launch(honestCreator, 'HONST');
    dumped = await launch(dumper, 'DUMPD');
    runner = startJobs(t.services, [refreshTrustFlagsJob]);
    await until('flags computed', async () => t.services.db.select({ at: campaigns.trustFlagsAt }).from(campaigns),
      (rows) => rows.length === 2 && rows.every((r) => r.at !== null), 20_000);
    const answer = await list();
    expect(tickersOf(answer)).toEqual(['DUMPD', 'HONST']);
    expect(answer.campaigns.map((c) => c.high_flags)).toEqual([[], []]);
  }, 60_000);

  it('a creator dump shows on the list within seconds, and hide_high_risk leaves that campaign out', async () => {
    const held = (await chainHoldings(t.services.chain)(dumper.wallet, dumped)).tokens;
    await dbcSell(t.app, dumped, dumper.keypair, (held * 3n) / 4n);
    const soldAt = Date.now();
    const ms = await until('the dump on the list', () => highIdsOf(dumped), (ids) => ids?.includes('creator_sold') ?? false, 10_000);
    // Within a few seconds (the wake after the row's market refresh; the tick alone is 5 s).
    console.log(`high flag on the list ${ms} ms after the sale (${Date.now() - soldAt} ms)`);
    expect(ms).toBeLessThan(5_000);

    const shown = (await list()).campaigns.find((c) => c.token_address === dumped)!;
    const since = shown.high_flags[0]!.since!;
    expect(shown.high_flags).toEqual([{ id: 'creator_sold', sentence: `The creator has sold more than half of the tokens they held. Flagged since ${formatDayUtc(since)}.`, since }]);
    const [row] = await t.services.db.select().from(campaigns).where(eq(campaigns.tokenAddress, honest));
    expect(row!.highFlags).toEqual([]);

    const hidden = await list('&hide_high_risk=true');
    expect(tickersOf(hidden)).toEqual(['HONST']);
    expect(hidden.total).toBe(1);
    expect((await get('/api/campaigns/count?hide_high_risk=true')).json()).toEqual({ total: 1 });
    expect(tickersOf(await list('&hide_high_risk=false'))).toEqual(['DUMPD', 'HONST']);
  }, 60_000);

  it('the list keeps the dump, with its day, after the creator buys back far more than they sold (issue 34)', async () => {
    const before = (await list()).campaigns.find((c) => c.token_address === dumped)!.high_flags;
    await dbcBuy(t.app, dumped, dumper.keypair, 5n * LAMPORTS_PER_SOL);
    await tradeHooksIdle(t.services);
    // The job recomputes after the trade (the row's market stamp moves past its flags' stamp); the flag stays as it was.
    const [stamped] = await t.services.db.select({ market: campaigns.marketDataUpdatedAt }).from(campaigns).where(eq(campaigns.tokenAddress, dumped));
    await until('recomputed after the buy', async () => (await t.services.db.select({ at: campaigns.trustFlagsAt }).from(campaigns).where(eq(campaigns.tokenAddress, dumped)))[0]!.at,
      (at) => at !== null && at >= stamped!.market!, 10_000);
    expect((await list()).campaigns.find((c) => c.token_address === dumped)!.high_flags).toEqual(before);
    expect(tickersOf(await list('&hide_high_risk=true'))).toEqual(['HONST']);
  }, 60_000);

  it('the dump marks the creator\'s next campaign by their history', async () => {
    const next = await launch(dumper, 'AGAIN');
    await until('history flag', () => highIdsOf(next), (ids) => ids?.includes('creator_history') ?? false, 10_000);
  }, 60_000);

  it('refuses a bad hide_high_risk value with a 400 naming the parameter and the allowed values', async () => {
    for (const url of ['/api/campaigns?hide_high_risk=yes', '/api/campaigns/count?hide_high_risk=1', '/api/campaigns?hide_high_risk=']) {
      const res = await get(url);
      expect([res.statusCode, res.json().error], url).toEqual([400, 'hide_high_risk must be one of: true, false']);
    }
  });
});

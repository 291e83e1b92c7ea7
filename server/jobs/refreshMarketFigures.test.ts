import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppEvent } from '../events/hub';
import { tradeHooksIdle } from '../market';
import { MARKET_FIGURES_EVENT } from '../market/refreshVolumes';
import { launchCurveMarket } from '../routes/curve/testing/curveMarket';
import { createTestApp, type TestApp } from '../testing/app';
import { testIp } from '../testing/wallet';
import { signAsWallet } from '../testing/signing';
import { startJobs } from './runner';
import { refreshMarketFiguresJob } from './refreshMarketFigures';

const HOUR_MS = 3_600_000;

let t: TestApp;
// The list cache stays on (its default): only the job's live event can clear an old figure.
// Quotes here take more than 10% of a curve at once: the per-address share cap has its own tests (routes/curve/clientCaps.test.ts).
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => {
  await tradeHooksIdle(t.services);
  await t.close();
});

const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload, remoteAddress: testIp() });
type ListRow = { token_address: string; cached_volume_24h_sol: number | null; cached_volume_24h: number | null };
const listed = async (mint: string): Promise<ListRow> => {
  const res = await t.app.inject({ method: 'GET', url: '/api/campaigns?sort=volume_24h&limit=50', remoteAddress: testIp() });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { campaigns: ListRow[] }).campaigns.find((c) => c.token_address === mint)!;
};

describe('refresh-market-figures job', () => {
  it('drops a 24h volume once its trades leave the window, and clears the list caches', async () => {
    const m = await launchCurveMarket(t.services);
    const trader = await m.trader(3n);
    const quote = await post(`/api/curve/${m.mint}/buy`, { wallet: trader.publicKey.toBase58(), amount: '1', slippageBps: 500 });
    expect(quote.statusCode, quote.body).toBe(200);
    const executed = await post(`/api/curve/${m.mint}/execute`, { transactionBase64: signAsWallet(quote.json().transactionBase64, trader) });
    expect(executed.statusCode, executed.body).toBe(200);
    await tradeHooksIdle(t.services);
    expect((await listed(m.mint)).cached_volume_24h_sol).toBe(1);

    const events: AppEvent[] = [];
    const stop = t.services.events.subscribe((e) => { if (e.type === MARKET_FIGURES_EVENT) events.push(e); });
    const realNow = t.services.now;
    const runner = startJobs(t.services, [{ ...refreshMarketFiguresJob, runAtStart: false }]);
    try {
      // 23 h on, the row is stale (recomputed) but its trade still counts: same volume, no event.
      t.services.now = () => new Date(Date.now() + 23 * HOUR_MS);
      await runner.runNow(refreshMarketFiguresJob.name);
      expect((await listed(m.mint)).cached_volume_24h_sol).toBe(1);

      // 25 h on, the trade has left the window: the list (cached until an event) shows 0.
      t.services.now = () => new Date(Date.now() + 25 * HOUR_MS);
      await runner.runNow(refreshMarketFiguresJob.name);
      await expect.poll(() => events.length, { timeout: 15_000 }).toBe(1);
      await expect.poll(async () => (await listed(m.mint)).cached_volume_24h_sol, { timeout: 15_000 }).toBe(0);
      expect((await listed(m.mint)).cached_volume_24h).toBe(0);

      // Nothing left to change: another run publishes nothing.
      await runner.runNow(refreshMarketFiguresJob.name);
      expect(events).toHaveLength(1);
    } finally {
      stop();
      await runner.stop();
      t.services.now = realNow;
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { LAMPORTS_PER_SOL } from '@solana/web3.js';
import { bondingProgressPercent, marketCapLamports } from '../../core/curve';
import { campaigns, curveTrades } from '../db/schema';
import type { AppEvent } from '../events/hub';
import { curveHttp } from '../routes/curve/testing/curveHttp';
import { launchCurveMarket } from '../routes/curve/testing/curveMarket';
import { createTestApp, type TestApp } from '../testing/app';
import { findCurvePool, stateOfPool } from '../curve/pools';
import { CAMPAIGN_REFRESH_MS, TRADE_EVENT, tradeHooksIdle } from './registerTradeHooks';

const SOL = BigInt(LAMPORTS_PER_SOL);

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => {
  await tradeHooksIdle(t.services);
  await t.close();
});

const { trade } = curveHttp(() => t.app);
const campaignOf = async (mint: string) => (await t.services.db.select().from(campaigns).where(eq(campaigns.tokenAddress, mint)))[0]!;

describe('trade hooks: the campaign row and the curve_trade event per mint', () => {
  it('a mint trading faster than the refresh interval gets one refresh and event per interval, the row at the newest state', async () => {
    const m = await launchCurveMarket(t.services);
    const traders = await Promise.all(Array.from({ length: 10 }, () => m.trader(2n)));
    const events: AppEvent[] = [];
    const stop = t.services.events.subscribe((e) => { if (e.type === TRADE_EVENT && e.mint === m.mint) events.push(e); });
    const started = performance.now();
    for (const trader of traders.slice(0, 5)) await trade(m, 'buy', trader, '0.1');
    // At once: each swap is priced when it lands, so the concurrent ones take any price (the pool, not us, orders them).
    await Promise.all(traders.slice(5).map((trader) => trade(m, 'buy', trader, '0.1', undefined, 10_000)));
    await tradeHooksIdle(t.services);
    const elapsed = performance.now() - started;
    // NOTIFY arrives on its own: wait until the events stop coming.
    for (let seen = -1; seen !== events.length;) {
      seen = events.length;
      await new Promise((r) => setTimeout(r, 200));
    }
    stop();

    // Refreshes start at least an interval apart (whatever the machine's speed), the first one at once.
    expect(events.length).toBeGreaterThan(0);
    expect(events.length).toBeLessThanOrEqual(1 + Math.floor(elapsed / CAMPAIGN_REFRESH_MS));
    const state = stateOfPool((await findCurvePool(t.services.db, m.mint))!);
    expect(await campaignOf(m.mint)).toMatchObject({
      marketCapLamports: marketCapLamports(state), bondingCurveProgress: bondingProgressPercent(state).toFixed(2),
      cachedVolume24hLamports: SOL, backers: 10,
    });
    const signatures = (await t.services.db.select({ signature: curveTrades.signature }).from(curveTrades).where(eq(curveTrades.mint, m.mint)))
      .map((r) => r.signature);
    expect(signatures).toContain(events.at(-1)!.signature);
  });

  it('only a buy recounts the backers: a sell changes no wallet\'s donations plus buys', async () => {
    const m = await launchCurveMarket(t.services);
    const trader = await m.trader(2n);
    await trade(m, 'buy', trader, '0.5');
    await tradeHooksIdle(t.services);
    expect((await campaignOf(m.mint)).backers).toBe(1);

    // A stored count that disagrees with the rows shows whether a hook recounted it.
    await t.services.db.update(campaigns).set({ backers: 99 }).where(eq(campaigns.tokenAddress, m.mint));
    const tokens = await m.tokenBalance(trader.publicKey);
    await trade(m, 'sell', trader, (Number(tokens / 2n) / 1e9).toFixed(9));
    await tradeHooksIdle(t.services);
    const afterSell = await campaignOf(m.mint);
    expect(afterSell.backers).toBe(99);
    expect(afterSell.cachedVolume24hLamports).toBeGreaterThan(SOL / 2n);

    await trade(m, 'buy', await m.trader(1n), '0.001');
    await tradeHooksIdle(t.services);
    expect((await campaignOf(m.mint)).backers).toBe(1);
  });
});

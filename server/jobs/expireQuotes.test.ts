import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { curveQuotes } from '../db/schema';
import { launchCurveMarket } from '../routes/curve/testing/curveMarket';
import { createTestApp, type TestApp } from '../testing/app';
import { startJobs } from './runner';
import { expireQuotesJob } from './expireQuotes';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

describe('expire-quotes job', () => {
  it('marks open quotes past their expiry as expired and leaves live ones open', async () => {
    const m = await launchCurveMarket(t.services);
    const trader = await m.trader(2n);
    const quote = (amount: string) => t.services.trading.book.buildBuyQuote({ mint: m.mint, trader: trader.publicKey.toBase58(), solIn: BigInt(amount) });
    const stale = await quote('1000000');
    const realNow = t.services.now;
    t.services.now = () => new Date(Date.now() + 31_000);
    const runner = startJobs(t.services, [expireQuotesJob]);
    try {
      const fresh = await quote('2000000');
      await runner.runNow('expire-quotes');
      const status = async (id: string) => (await t.services.db.select().from(curveQuotes).where(eq(curveQuotes.id, id)))[0]!.status;
      expect(await status(stale.quoteId)).toBe('expired');
      expect(await status(fresh.quoteId)).toBe('open');
    } finally {
      await runner.stop();
      t.services.now = realNow;
    }
  });
});

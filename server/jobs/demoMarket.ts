import { inArray } from 'drizzle-orm';
import { campaigns } from '../db/schema';
import { DEMO_CAMPAIGNS } from '../demo/catalog';
import { seedDemoMarket } from '../demo/seedDemoMarket';
import type { Services } from '../services';
import type { Job } from './runner';

/** Whether some demo campaign is still to be launched (the start-up notice says they are coming). */
export async function demoMarketPending(services: Services): Promise<boolean> {
  const tickers = DEMO_CAMPAIGNS.map((c) => c.ticker);
  const found = await services.db.selectDistinct({ ticker: campaigns.ticker }).from(campaigns).where(inArray(campaigns.ticker, tickers));
  return found.length < new Set(tickers).size;
}

/** Local mode: launches the demo campaigns once (later runs find them and do nothing). */
export const demoMarketJob: Job = {
  name: 'demo-market',
  everyMs: 10 * 60_000,
  runAtStart: true,
  run: async (services) => {
    if (!services.env.testNetwork || !services.env.DEMO_CAMPAIGNS) return;
    const started = Date.now();
    const { launched } = await seedDemoMarket(services);
    // One line for people; each campaign's own line is at debug.
    if (launched.length) services.log.info({ launched: launched.length, ms: Date.now() - started }, 'demo campaigns launched: they are on the site now');
  },
};

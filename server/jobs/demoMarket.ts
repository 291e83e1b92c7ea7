import { seedDemoMarket } from '../demo/seedDemoMarket';
import type { Job } from './runner';

/** Local mode: launches the demo campaigns once (later runs find them and do nothing). */
export const demoMarketJob: Job = {
  name: 'demo-market',
  everyMs: 10 * 60_000,
  runAtStart: true,
  run: async (services) => {
    if (!services.env.localMode || !services.env.DEMO_CAMPAIGNS) return;
    const { launched } = await seedDemoMarket(services);
    if (launched.length) services.log.info({ launched: launched.length }, 'demo market ready');
  },
};

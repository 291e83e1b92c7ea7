import { seedDemoMarket } from '../demo/seedDemoMarket';
import type { Job } from './runner';

let firstRunOver: () => void = () => {};
const firstRun = new Promise<void>((resolve) => { firstRunOver = resolve; });

/**
 * Resolves when this process's first demo-market run is over: the demo campaigns launched,
 * found already launched, turned off, or failed (then logged). The start-up notice waits
 * for it so the demo launches' log lines do not scroll the admin password away.
 */
export function demoMarketFirstRun(): Promise<void> {
  return firstRun;
}

/** Local mode: launches the demo campaigns once (later runs find them and do nothing). */
export const demoMarketJob: Job = {
  name: 'demo-market',
  everyMs: 10 * 60_000,
  runAtStart: true,
  run: async (services) => {
    try {
      if (!services.env.testNetwork || !services.env.DEMO_CAMPAIGNS) return;
      const { launched } = await seedDemoMarket(services);
      if (launched.length) services.log.info({ launched: launched.length }, 'demo market ready');
    } finally {
      firstRunOver();
    }
  },
};

import { demoActivityStep } from '../demo/activity';
import type { Job } from './runner';

/** Local mode: a demo wallet trades or donates every DEMO_ACTIVITY_MS. Never on a real cluster. */
export function demoActivityJob(everyMs: number): Job {
  return {
    name: 'demo-activity',
    everyMs,
    run: async (services) => {
      if (!services.env.testNetwork || !services.env.DEMO_ACTIVITY) return;
      await demoActivityStep(services);
    },
  };
}

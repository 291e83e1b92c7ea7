import { DISTRIBUTOR_JOB_NAME, distributorFor } from '../distributor';
import type { Job } from './runner';

/**
 * The fee distributor (server/distributor): harvests, sells and pays out every campaign's
 * withheld fees. Also at start-up, so a run a crash interrupted is finished at once.
 */
export function distributorJob(everyMs: number): Job {
  return {
    name: DISTRIBUTOR_JOB_NAME,
    everyMs,
    runAtStart: true,
    run: async (services) => { await distributorFor(services).run(); },
  };
}

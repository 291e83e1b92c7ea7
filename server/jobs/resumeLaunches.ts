import { sweepStaleDbcLaunches } from '../curve/staleLaunches';
import type { Job } from './runner';

/**
 * Launch requests nobody completed: expired after an hour, or completed when their launch
 * transaction landed anyway (the creator's wallet sent it and the page closed). At start-up,
 * then every 5 s; the job's advisory lock makes one process do it.
 */
export const resumeLaunchesJob: Job = {
  name: 'launches',
  everyMs: 5_000,
  runAtStart: true,
  run: async (services) => { await sweepStaleDbcLaunches(services); },
};

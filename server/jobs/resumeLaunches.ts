import { sweepStaleDbcLaunches } from '../curve/staleLaunches';
import { LAUNCH_JOB_NAME, launcherFor } from '../launch';
import type { Job } from './runner';

/**
 * Finishes (or refunds) campaign launches a crash or restart interrupted, and refunds
 * requests funded but abandoned before create. At start-up, then every 5 s; the job's
 * advisory lock makes its process the one that runs launches (server/launch/launcher.ts).
 * DBC requests nobody completed are expired, or completed when their launch landed anyway.
 */
export const resumeLaunchesJob: Job = {
  name: LAUNCH_JOB_NAME,
  everyMs: 5_000,
  runAtStart: true,
  run: async (services) => {
    await launcherFor(services).sweep();
    await sweepStaleDbcLaunches(services);
  },
};

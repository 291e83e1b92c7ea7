// Background jobs: each runs every `everyMs` in the process that holds its advisory lock
// (one process per job across a cluster), never overlapping itself. A failing run is
// logged and tried again next time; stop() waits for runs in flight.

import type { Services } from '../services';

export type Job = {
  name: string;
  everyMs: number;
  run: (services: Services) => Promise<void>;
  /** Also run once right at start (e.g. resuming work a crash interrupted). */
  runAtStart?: boolean;
  /**
   * Something that should run the job now rather than at its next tick (the local ledger's
   * commits, say): given a trigger, returns its unsubscribe. The interval still runs, so a
   * missed wake costs one tick, never correctness.
   */
  wake?: (services: Services, trigger: () => void) => () => void;
};

export type JobRunner = { stop: () => Promise<void>; runNow: (name: string) => Promise<void> };

/** A stable 31-bit key per job name, for the advisory lock. */
export function jobLockKey(name: string): number {
  let hash = 0;
  for (const ch of name) hash = (Math.imul(hash, 31) + ch.charCodeAt(0)) | 0;
  return hash & 0x7fffffff;
}

export function startJobs(services: Services, jobs: Job[]): JobRunner {
  let stopped = false;
  const timers = new Set<NodeJS.Timeout>();
  const running = new Map<string, Promise<void>>();
  // Woken while running: run once more right after, so the wake's news is not left to the next tick.
  const rerun = new Set<string>();

  const runOnce = (job: Job): Promise<void> => {
    const inFlight = running.get(job.name);
    if (inFlight) return inFlight;
    const run = (async () => {
      try {
        if (!(await services.database.tryLock(jobLockKey(job.name)))) return;
        await job.run(services);
      } catch (err) {
        services.log.error({ err, job: job.name }, 'job failed');
      } finally {
        running.delete(job.name);
        if (rerun.delete(job.name) && !stopped) void runOnce(job);
      }
    })();
    running.set(job.name, run);
    return run;
  };

  const schedule = (job: Job, delay: number) => {
    if (stopped) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      void runOnce(job).then(() => schedule(job, job.everyMs));
    }, delay);
    timer.unref();
    timers.add(timer);
  };

  for (const job of jobs) schedule(job, job.runAtStart ? 0 : job.everyMs);
  const unwake = jobs.filter((job) => job.wake).map((job) => job.wake!(services, () => {
    if (stopped) return;
    if (running.has(job.name)) rerun.add(job.name);
    else void runOnce(job);
  }));

  return {
    runNow: async (name) => {
      const job = jobs.find((j) => j.name === name);
      if (!job) throw new Error(`Unknown job: ${name}`);
      await runOnce(job);
    },
    stop: async () => {
      stopped = true;
      for (const off of unwake) off();
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await Promise.all([...running.values()]);
    },
  };
}

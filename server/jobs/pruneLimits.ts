import { pruneLimitRecords } from '../commands/pruneLimitRecords';
import type { Job } from './runner';

/** Keeps the fleet-wide limits' tables small and forgets upload, comment and confirmation-mail addresses after their day. */
export const pruneLimitsJob: Job = {
  name: 'prune-limits',
  everyMs: 10 * 60_000,
  run: async (services) => {
    const pruned = await pruneLimitRecords(services);
    if (Object.values(pruned).some((n) => n > 0)) services.log.debug(pruned, 'pruned limit records');
  },
};

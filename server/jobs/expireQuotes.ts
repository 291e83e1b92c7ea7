import type { Job } from './runner';

/**
 * Marks trade quotes past their 30 s expiry as expired. Their reservations already stopped
 * counting when they expired (pricing ignores them); this keeps the book's status honest
 * and the table of live quotes short.
 */
export const expireQuotesJob: Job = {
  name: 'expire-quotes',
  everyMs: 15_000,
  run: async (services) => {
    const expired = await services.trading.book.expireStale();
    if (expired > 0) services.log.debug({ expired }, 'expired stale quotes');
  },
};

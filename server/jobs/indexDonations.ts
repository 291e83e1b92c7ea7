import type { TxRecord } from '../chain/ledger/store';
import { indexDonations, lastWatched } from '../donations/indexer';
import { recountAllTotals } from '../donations/totals';
import { refreshPlatformStats } from '../commands/refreshPlatformStats';
import type { Services } from '../services';
import type { Job } from './runner';

const recounted = new WeakSet<Services>();

/**
 * Every DONATIONS_POLL_MS: new SOL transfers into donation wallets, read from the chain
 * (local ledger or a cluster alike). On the local ledger it also wakes at once when a
 * commit touches a watched address, so a donation shows within milliseconds. Its first
 * run in a process recounts every campaign's totals (recountAllTotals).
 */
export function indexDonationsJob(everyMs: number): Job {
  return {
    name: 'donations',
    everyMs,
    runAtStart: true,
    run: async (services) => {
      if (!recounted.has(services)) {
        await recountAllTotals(services.db, services.env.BACKER_MIN_LAMPORTS);
        await refreshPlatformStats(services);
        recounted.add(services);
      }
      await indexDonations(services);
    },
    wake: (services, trigger) => {
      const ledger = services.chain.ledger;
      if (!ledger) return () => {};
      const onCommitted = (records: TxRecord[]) => {
        const watched = lastWatched(services);
        if (watched && records.some((r) => !r.err && r.accountKeys.some((k) => watched.has(k)))) trigger();
      };
      ledger.on('committed', onCommitted);
      return () => { ledger.off('committed', onCommitted); };
    },
  };
}

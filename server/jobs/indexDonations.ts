import { indexDonations } from '../donations/indexer';
import type { Job } from './runner';

/** Every DONATIONS_POLL_MS: new SOL transfers into donation wallets, read from the chain (local ledger or a cluster alike). */
export function indexDonationsJob(everyMs: number): Job {
  return {
    name: 'donations',
    everyMs,
    runAtStart: true,
    run: async (services) => { await indexDonations(services); },
  };
}

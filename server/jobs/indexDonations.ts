import type { TxRecord } from '../chain/ledger/store';
import { refreshPlatformStats } from '../commands/refreshPlatformStats';
import { indexDonations, lastDonationWallets, lastWatched } from '../donations/indexer';
import { recountAllTotals } from '../donations/totals';
import { belowGoal, notifyGoalCrossings } from '../notifications/facts';
import type { Services } from '../services';
import { clusterSource } from '../chain/accountWatch';
import { DonationWalletWatch } from './donationWalletWatch';
import type { Job } from './runner';

/** On the local ledger, where commits wake the job with the addresses they touched: a full pass this often. */
const LOCAL_FULL_PASS_MS = 30_000;
/** Events after which a full pass reads addresses no earlier pass watched (a new campaign, a newly proven wallet). */
const WATCH_LIST_EVENTS = new Set(['campaign_created', 'donation_wallet_proved']);

type State = {
  recounted: boolean; lastFull: number; fullDue: boolean;
  /** The local ledger's commits wake the job (its wake is subscribed): only then may full passes be 30 s apart. */
  woken: boolean;
  /** Local ledger: watched addresses commits touched since the last run. */
  touched: Set<string>;
  /** Cluster: donation wallets whose account notification came since the last run. */
  changedWallets: Set<string>;
  walletWatch?: DonationWalletWatch;
};
const states = new WeakMap<Services, State>();
const stateOf = (services: Services): State => {
  let state = states.get(services);
  if (!state) {
    state = { recounted: false, lastFull: 0, fullDue: true, woken: false, touched: new Set(), changedWallets: new Set() };
    states.set(services, state);
  }
  return state;
};

/**
 * Every DONATIONS_POLL_MS: new SOL transfers into and out of donation wallets, read from the
 * chain (local ledger or a cluster alike). On the local ledger a commit that touches a
 * donation wallet wakes the job, which then reads just the addresses commits touched since its last
 * run; a full pass still runs every 30 s (every tick when nothing wakes it). On a cluster every tick is a full pass, and an
 * account notification of a donation wallet (DonationWalletWatch) wakes the job to read just
 * that wallet. A launch or a proven wallet makes the next run full, so
 * nothing depends on a wake alone. Its first run in a process recounts every campaign's
 * totals (recountAllTotals).
 */
export function indexDonationsJob(everyMs: number): Job {
  return {
    name: 'donations',
    everyMs,
    runAtStart: true,
    run: async (services) => {
      const state = stateOf(services);
      if (!state.recounted) {
        await recountAllTotals(services.db, services.env.BACKER_MIN_LAMPORTS, {
          below: (ids) => belowGoal(services.db, ids), crossed: (wereBelow) => notifyGoalCrossings(services, wereBelow),
        });
        await refreshPlatformStats(services);
        state.recounted = true;
      }
      const local = Boolean(services.chain.ledger);
      const full = state.fullDue || Date.now() - state.lastFull >= (local && state.woken ? LOCAL_FULL_PASS_MS : everyMs);
      const { touched, changedWallets } = state;
      state.touched = new Set();
      state.changedWallets = new Set();
      if (full) {
        state.fullDue = false;
        state.lastFull = Date.now();
        await indexDonations(services);
      } else if (touched.size > 0 || changedWallets.size > 0) {
        await indexDonations(services, touched, changedWallets.size > 0 ? changedWallets : undefined);
      }
      const wallets = lastDonationWallets(services);
      if (wallets) state.walletWatch?.sync(wallets);
    },
    wake: (services, trigger) => {
      const state = stateOf(services);
      const offEvents = services.events.subscribe((event) => {
        if (!WATCH_LIST_EVENTS.has(event.type)) return;
        state.fullDue = true;
        trigger();
      });
      const ledger = services.chain.ledger;
      if (!ledger) {
        // Subscribed by the runs (sync), so only the process that holds the job's lock subscribes.
        const watch = new DonationWalletWatch(clusterSource(services.chain.connection), (wallets) => {
          for (const wallet of wallets) state.changedWallets.add(wallet);
          trigger();
        });
        state.walletWatch = watch;
        return () => {
          offEvents();
          state.walletWatch = undefined;
          void watch.close();
        };
      }
      const onCommitted = (records: TxRecord[]) => {
        const watched = lastWatched(services);
        if (!watched) return;
        let woke = false;
        for (const record of records) {
          if (record.err) continue;
          for (const key of record.accountKeys) {
            if (!watched.has(key)) continue;
            state.touched.add(key);
            woke = true;
          }
        }
        if (woke) trigger();
      };
      ledger.on('committed', onCommitted);
      state.woken = true;
      return () => {
        offEvents();
        ledger.off('committed', onCommitted);
        state.woken = false;
      };
    },
  };
}

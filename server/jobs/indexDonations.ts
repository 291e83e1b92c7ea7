import type { TxRecord } from '../chain/ledger/store';
import { refreshPlatformStats } from '../commands/refreshPlatformStats';
import { indexDonations, lastWatched } from '../donations/indexer';
import { recountAllTotals } from '../donations/totals';
import type { Services } from '../services';
import type { Job } from './runner';

/** On the local ledger, where commits wake the job with the addresses they touched: a full pass this often. */
const LOCAL_FULL_PASS_MS = 30_000;
/** Events after which a full pass reads addresses no earlier pass watched (a new campaign, a newly proven wallet). */
const WATCH_LIST_EVENTS = new Set(['campaign_created', 'donation_wallet_proved']);

type State = { recounted: boolean; lastFull: number; fullDue: boolean; touched: Set<string> };
const states = new WeakMap<Services, State>();
const stateOf = (services: Services): State => {
  let state = states.get(services);
  if (!state) {
    state = { recounted: false, lastFull: 0, fullDue: true, touched: new Set() };
    states.set(services, state);
  }
  return state;
};

/**
 * Every DONATIONS_POLL_MS: new SOL transfers into donation wallets, read from the chain
 * (local ledger or a cluster alike). On a cluster every run reads every watched address.
 * On the local ledger a commit that touches a watched address wakes the job, which then
 * reads just the addresses commits touched since its last run; a full pass still runs every
 * 30 s and after a launch or a proven wallet, so nothing depends on a wake alone. Its first
 * run in a process recounts every campaign's totals (recountAllTotals).
 */
export function indexDonationsJob(everyMs: number): Job {
  return {
    name: 'donations',
    everyMs,
    runAtStart: true,
    run: async (services) => {
      const state = stateOf(services);
      if (!state.recounted) {
        await recountAllTotals(services.db, services.env.BACKER_MIN_LAMPORTS);
        await refreshPlatformStats(services);
        state.recounted = true;
      }
      const local = Boolean(services.chain.ledger);
      const full = !local || state.fullDue || Date.now() - state.lastFull >= LOCAL_FULL_PASS_MS;
      const touched = state.touched;
      state.touched = new Set();
      if (full) {
        state.fullDue = false;
        state.lastFull = Date.now();
        await indexDonations(services);
      } else if (touched.size > 0) {
        await indexDonations(services, touched);
      }
    },
    wake: (services, trigger) => {
      const state = stateOf(services);
      const offEvents = services.events.subscribe((event) => {
        if (!WATCH_LIST_EVENTS.has(event.type)) return;
        state.fullDue = true;
        trigger();
      });
      const ledger = services.chain.ledger;
      if (!ledger) return offEvents;
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
      return () => {
        offEvents();
        ledger.off('committed', onCommitted);
      };
    },
  };
}

import { eq } from 'drizzle-orm';
import type { TxRecord } from '../chain/ledger/store';
import { DAMM_V2_PROGRAM, DBC_PROGRAM } from '../chain/ledger/genesis/meteora';
import { backfillSwaps } from '../curve/backfillSwaps';
import { indexSwapSignatures } from '../curve/indexSwaps';
import { PoolLogsWatch } from '../curve/poolLogsWatch';
import { curvePools } from '../db/schema';
import type { Services } from '../services';
import type { Job } from './runner';

export const CURVE_SWAPS_JOB = 'curve-swaps';
/** Woken signatures kept for the next run; past it (a process that never gets the job's lock) they are left to the backfill. */
const MAX_PENDING = 10_000;
/** A woken signature the node does not return yet (a cluster's notification can come first) is asked for again this often, this many times. */
const RETRY_MS = 500;
const RETRIES = 3;

type State = {
  /** Signatures a wake named since the last run (commits locally, logs notifications on a cluster). */
  pending: Set<string>;
  lastBackfill: number;
  backfillDue: boolean;
  /** Times each signature the node did not return yet has been asked for. */
  attempts: Map<string, number>;
  wakeUp?: (signature: string) => void;
  watch?: PoolLogsWatch;
};

/**
 * The swap indexer (server/curve/indexSwaps.ts) as a job. On the local ledger a commit of a
 * transaction that ran DBC or DAMM v2 wakes it to read exactly those signatures; on a cluster a
 * logs notification of one of our pools does (PoolLogsWatch). Every `everyMs`, and at start, it
 * backfills each pool from its cursor, so a missed wake, a pool beyond the watch's cap or a
 * restart costs one interval, never a trade. Each job made by this function keeps its own wake
 * state (a fresh one is a restarted process); the cursors are in the database.
 */
export function indexCurveSwapsJob(everyMs = 30_000): Job {
  const states = new WeakMap<Services, State>();
  const stateOf = (services: Services): State => {
    let state = states.get(services);
    if (!state) {
      state = { pending: new Set(), lastBackfill: 0, backfillDue: true, attempts: new Map() };
      states.set(services, state);
    }
    return state;
  };
  return {
    name: CURVE_SWAPS_JOB,
    everyMs,
    runAtStart: true,
    run: async (services) => {
      const state = stateOf(services);
      const signatures = [...state.pending];
      state.pending.clear();
      if (signatures.length > 0) {
        try {
          const { missing } = await indexSwapSignatures(services, signatures);
          for (const signature of signatures) if (!missing.includes(signature)) state.attempts.delete(signature);
          for (const signature of missing) {
            const attempts = (state.attempts.get(signature) ?? 0) + 1;
            if (attempts > RETRIES || !state.wakeUp) { state.attempts.delete(signature); continue; }
            state.attempts.set(signature, attempts);
            const wakeUp = state.wakeUp;
            setTimeout(() => wakeUp(signature), RETRY_MS).unref();
          }
        } catch (err) {
          // The history has them too: this run's backfill reads them again.
          services.log.error({ err }, 'swap indexer: woken signatures could not be indexed');
          state.backfillDue = true;
        }
      }
      // A wake's run between ticks reads only its signatures.
      if (!state.backfillDue && Date.now() - state.lastBackfill < everyMs / 2) return;
      state.backfillDue = false;
      state.lastBackfill = Date.now();
      await backfillSwaps(services);
      if (state.watch) {
        const rows = await services.db.select({ pool: curvePools.poolWallet, damm: curvePools.dammPool }).from(curvePools)
          .where(eq(curvePools.program, 'dbc'));
        state.watch.sync(new Set(rows.flatMap((r) => (r.damm ? [r.pool, r.damm] : [r.pool]))));
      }
    },
    wake: (services, trigger) => {
      const state = stateOf(services);
      const add = (signature: string) => {
        if (state.pending.size < MAX_PENDING) state.pending.add(signature);
        else state.backfillDue = true;
      };
      state.wakeUp = (signature) => { add(signature); trigger(); };
      const ledger = services.chain.ledger;
      if (!ledger) {
        // Subscribed by the runs (sync), so only the process that holds the job's lock subscribes.
        const watch = new PoolLogsWatch(services.chain.connection, state.wakeUp, () => {
          state.backfillDue = true;
          trigger();
        });
        state.watch = watch;
        return () => {
          state.watch = undefined;
          state.wakeUp = undefined;
          void watch.close();
        };
      }
      const onCommitted = (records: TxRecord[]) => {
        let woke = false;
        for (const record of records) {
          if (record.err || !record.accountKeys.some((key) => key === DBC_PROGRAM || key === DAMM_V2_PROGRAM)) continue;
          add(record.signature);
          woke = true;
        }
        if (woke) trigger();
      };
      ledger.on('committed', onCommitted);
      return () => {
        ledger.off('committed', onCommitted);
        state.wakeUp = undefined;
      };
    },
  };
}

// The process's quote book, wired to the chain and the key store. Trade hooks are
// registered after start-up by whoever reacts to trades (market data, campaigns), so the
// trading core does not import them.

import type { FastifyBaseLogger } from 'fastify';
import { sharedLatestBlockhash } from '../chain/recentBlockhash';
import type { ChainService } from '../chain/service';
import type { Db } from '../db/client';
import type { KeyStore } from '../keys';
import { chainHoldings } from './holdings';
import { QuoteBook } from './quoteBook';
import { connectionSender, ledgerSender } from './senders';
import type { TradeEvent } from './types';
import { QuoteWatch } from './watch/quoteWatch';
import { clusterSource, ledgerSource } from './watch/sources';

export type TradeListener = (event: TradeEvent) => void | Promise<void>;

export type Trading = {
  book: QuoteBook;
  /** Runs after every committed trade (errors are logged, never undo the trade). */
  onTrade: (listener: TradeListener) => void;
  /** Runs after the trade that completed a curve; returns its unsubscribe (a job's wake ends with its runner). */
  onGraduated: (listener: TradeListener) => () => void;
  /**
   * Runs the listeners for a trade committed outside the quote book: a DBC pool's swap, which
   * anyone may send, recorded by the swap indexer (server/curve/indexSwaps.ts) once it is read
   * from the chain.
   */
  notifyTrade: (event: TradeEvent) => Promise<void>;
  notifyGraduated: (event: TradeEvent) => Promise<void>;
  /** Keeps live quotes backed (releases the ones their wallets no longer back). */
  watch: QuoteWatch;
  close: () => Promise<void>;
};

export type QuoteLimits = {
  /** Live quotes per client address (QUOTES_MAX_LIVE_PER_CLIENT). */
  maxLiveQuotesPerClient?: number;
  /** Share of a curve's remainder one address may hold reserved (QUOTES_MAX_CURVE_SHARE_BPS). */
  maxCurveShareBps?: number;
  /** On a cluster, the watch's poll (QUOTES_WATCH_POLL_MS). */
  watchPollMs?: number;
};

export function createTrading(deps: {
  db: Db; chain: ChainService; keys: KeyStore; now: () => Date; onError: (err: unknown) => void; quoteTtlMs?: number;
  log: FastifyBaseLogger; limits?: QuoteLimits;
}): Trading {
  const tradeListeners: TradeListener[] = [];
  const graduationListeners: TradeListener[] = [];
  const runAll = async (listeners: TradeListener[], event: TradeEvent) => {
    for (const listener of listeners) {
      try {
        await listener(event);
      } catch (err) {
        deps.onError(err);
      }
    }
  };
  const { chain } = deps;
  const watch: QuoteWatch = new QuoteWatch({
    db: deps.db,
    source: chain.ledger ? ledgerSource(chain.ledger) : clusterSource(chain.connection),
    release: (mint, ids) => book.releaseUnbacked(mint, ids),
    now: deps.now,
    pollMs: deps.limits?.watchPollMs ?? 2_000,
    log: deps.log,
  });
  const book = new QuoteBook({
    db: deps.db,
    holdings: chainHoldings(chain),
    poolSigner: (wallet) => deps.keys.load(wallet),
    latestBlockhash: chain.ledger
      ? () => chain.ledger!.latestBlockhash.blockhash
      : sharedLatestBlockhash(chain.connection),
    send: chain.ledger ? ledgerSender(chain.ledger) : connectionSender(chain.connection),
    now: deps.now,
    quoteTtlMs: deps.quoteTtlMs,
    maxLiveQuotesPerClient: deps.limits?.maxLiveQuotesPerClient,
    maxCurveShareBps: deps.limits?.maxCurveShareBps,
    observer: watch,
    onTrade: (event) => runAll(tradeListeners, event),
    onGraduated: (event) => runAll(graduationListeners, event),
    onCallbackError: deps.onError,
  });
  watch.start();
  return {
    book,
    watch,
    close: () => watch.stop(),
    onTrade: (listener) => { tradeListeners.push(listener); },
    onGraduated: (listener) => {
      graduationListeners.push(listener);
      return () => {
        const at = graduationListeners.indexOf(listener);
        if (at >= 0) graduationListeners.splice(at, 1);
      };
    },
    notifyTrade: (event) => runAll(tradeListeners, event),
    notifyGraduated: (event) => runAll(graduationListeners, event),
  };
}

// The process's quote book, wired to the chain and the key store. Trade hooks are
// registered after start-up by whoever reacts to trades (market data, campaigns), so the
// trading core does not import them.

import type { ChainService } from '../chain/service';
import type { Db } from '../db/client';
import type { KeyStore } from '../keys';
import { chainHoldings } from './holdings';
import { QuoteBook } from './quoteBook';
import { connectionSender, ledgerSender } from './senders';
import type { TradeEvent } from './types';

export type TradeListener = (event: TradeEvent) => void | Promise<void>;

export type Trading = {
  book: QuoteBook;
  /** Runs after every committed trade (errors are logged, never undo the trade). */
  onTrade: (listener: TradeListener) => void;
  /** Runs after the trade that completed a curve. */
  onGraduated: (listener: TradeListener) => void;
};

export function createTrading(deps: {
  db: Db; chain: ChainService; keys: KeyStore; now: () => Date; onError: (err: unknown) => void; quoteTtlMs?: number;
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
  const book = new QuoteBook({
    db: deps.db,
    holdings: chainHoldings(chain),
    poolSigner: (wallet) => deps.keys.load(wallet),
    latestBlockhash: chain.ledger
      ? () => chain.ledger!.latestBlockhash.blockhash
      : async () => (await chain.connection.getLatestBlockhash('confirmed')).blockhash,
    send: chain.ledger ? ledgerSender(chain.ledger) : connectionSender(chain.connection),
    now: deps.now,
    quoteTtlMs: deps.quoteTtlMs,
    onTrade: (event) => runAll(tradeListeners, event),
    onGraduated: (event) => runAll(graduationListeners, event),
    onCallbackError: deps.onError,
  });
  return {
    book,
    onTrade: (listener) => { tradeListeners.push(listener); },
    onGraduated: (listener) => { graduationListeners.push(listener); },
  };
}

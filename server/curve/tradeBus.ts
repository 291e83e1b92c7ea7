// Who hears of a committed trade: every DBC or DAMM v2 swap touching a campaign's pool is
// read from the chain by the swap indexer (indexSwaps.ts), whoever sent it, and told here;
// market data, notifications, the trust panel and the graduation job listen.

import type { CurveState } from '../../core/curve';

export type TradeSide = 'buy' | 'sell';

export type TradeEvent = {
  mint: string;
  campaignId: number | null;
  side: TradeSide;
  wallet: string;
  signature: string;
  solLamports: bigint;
  tokensSent: bigint;
  tokensReceived: bigint;
  /** The committed state after the trade. */
  state: CurveState;
  /** This trade completed the curve. */
  graduated: boolean;
};

export type TradeListener = (event: TradeEvent) => void | Promise<void>;

export type TradeBus = {
  /** Runs after every indexed trade (errors are logged, never undo the trade). */
  onTrade: (listener: TradeListener) => void;
  /** Runs after the trade that completed a curve; returns its unsubscribe (a job's wake ends with its runner). */
  onGraduated: (listener: TradeListener) => () => void;
  notifyTrade: (event: TradeEvent) => Promise<void>;
  notifyGraduated: (event: TradeEvent) => Promise<void>;
};

export function createTradeBus(onError: (err: unknown) => void): TradeBus {
  const tradeListeners: TradeListener[] = [];
  const graduationListeners: TradeListener[] = [];
  const runAll = async (listeners: TradeListener[], event: TradeEvent) => {
    for (const listener of [...listeners]) {
      try {
        await listener(event);
      } catch (err) {
        onError(err);
      }
    }
  };
  return {
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

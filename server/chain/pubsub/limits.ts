import type { PumpOptions } from './messagePump';

/** The refusal of a subscription over PUBSUB_MAX_SUBSCRIPTIONS_PER_CONNECTION (JSON-RPC -32603, as Agave refuses one over its node limit). */
export const tooManySubscriptionsMessage = (limit: number) => `Too many subscriptions on this connection (limit ${limit})`;

/**
 * What one PubSub connection may do: it holds at most `maxSubscriptions` live subscriptions,
 * and it may send at most `pump.maxMessagesPerWindow` messages of any kind per window before
 * it is closed. Which calls also count against the client address's RPC rate (the same
 * counter as HTTP /api/rpc, `admitCall`) is the server's to say: the local ledger counts none
 * of its subscribes and unsubscribes there (only calls it does not serve), as a validator
 * bounds PubSub by its subscription caps; the cluster relay counts every subscribe, since each
 * one costs a call at the provider.
 */
export type PubsubLimits = {
  maxSubscriptions: number;
  /** Counts one call of `ip`; the JSON-RPC error to answer instead of running it, if over the rate. */
  admitCall: (ip: string, id: string | number | null) => unknown;
  /**
   * False where subscribes are not calls a provider charges for (the local ledger, or a fleet's
   * ledger process behind the relay): they count only under the caps above, not `admitCall`.
   */
  subscribesAreCalls?: boolean;
  pump: Omit<PumpOptions, 'onError'>;
};

/**
 * The messages one connection may send per window, for a connection under `rate` calls per
 * `windowMs`: twice the rate (room for pings and for the refused calls a client answered 429
 * may still send); where subscribes are not counted by the rate (`subscriptionCalls`, the
 * local ledger) also a subscribe and an unsubscribe for each call the rate allows (a
 * confirmation by subscription for every transaction sent) and for each of the connection's
 * `maxSubscriptions` places (opened and closed whole within a window).
 */
export function pumpOptionsFor(
  rate: { max: number; windowMs: number },
  now: () => number,
  subscriptionCalls?: { maxSubscriptions: number },
): PubsubLimits['pump'] {
  const churn = subscriptionCalls ? 2 * rate.max + 2 * subscriptionCalls.maxSubscriptions : 0;
  return { maxMessagesPerWindow: 2 * rate.max + churn, windowMs: rate.windowMs, now };
}

export function isUnsubscribe(method: string): boolean {
  return method.endsWith('Unsubscribe');
}

export function isSubscribe(method: string): boolean {
  return method.endsWith('Subscribe');
}

import type { PumpOptions } from './messagePump';

/** The refusal of a subscription over PUBSUB_MAX_SUBSCRIPTIONS_PER_CONNECTION (JSON-RPC -32603, as Agave refuses one over its node limit). */
export const tooManySubscriptionsMessage = (limit: number) => `Too many subscriptions on this connection (limit ${limit})`;

/**
 * What one PubSub connection may do, in local mode and through the cluster relay alike:
 * its calls count against the client address's RPC rate (the same counter as HTTP
 * /api/rpc), it holds at most `maxSubscriptions` live subscriptions, and it may send at
 * most twice its rate in messages of any kind per window before it is closed.
 */
export type PubsubLimits = {
  maxSubscriptions: number;
  /** Counts one call of `ip`; the JSON-RPC error to answer instead of running it, if over the rate. */
  admitCall: (ip: string, id: string | number | null) => unknown;
  pump: Omit<PumpOptions, 'onError'>;
};

/** The rate that applies to a connection's calls: `max` calls per `windowMs` per client address. */
export function pumpOptionsFor(rate: { max: number; windowMs: number }, now: () => number): PubsubLimits['pump'] {
  // Twice the call rate: room for pings and for the refused calls a client answered 429 may still send.
  return { maxMessagesPerWindow: 2 * rate.max, windowMs: rate.windowMs, now };
}

export function isUnsubscribe(method: string): boolean {
  return method.endsWith('Unsubscribe');
}

export function isSubscribe(method: string): boolean {
  return method.endsWith('Subscribe');
}

import type { FastifyBaseLogger } from 'fastify';
import WebSocket, { type RawData } from 'ws';
import { pumpMessages } from '../pubsub/messagePump';
import { isSubscribe, isUnsubscribe, tooManySubscriptionsMessage, type PubsubLimits } from '../pubsub/limits';
import { INTERNAL_ERROR, INVALID_REQUEST, METHOD_NOT_ALLOWED, METHOD_NOT_FOUND, PARSE_ERROR, idOf, isCall, isNotification, rpcError } from './jsonRpc';
import { PUBSUB_METHODS } from './methods';
import { RelayedSubscriptions } from './relayedSubscriptions';

/**
 * Relays one browser websocket of client `ip` to the cluster's PubSub endpoint.
 * Subscription calls pass through under the same limits as the local ledger's PubSub
 * (the address's call rate, subscriptions per connection, messages per window), checked
 * before anything goes upstream; other calls are answered 'Method not allowed' here;
 * notifications that are not subscriptions (web3.js's 'ping') are dropped, as a validator
 * answers nothing to them.
 */
export function proxyPubsub(client: WebSocket, ip: string, upstreamUrl: string, limits: PubsubLimits, log: FastifyBaseLogger): void {
  const upstream = new WebSocket(upstreamUrl);
  const subscriptions = new RelayedSubscriptions();
  // Calls wait for the upstream socket (the pump holds the rest back meanwhile).
  const upstreamReady = new Promise<boolean>((resolve) => {
    upstream.once('open', () => resolve(true));
    upstream.once('close', () => resolve(false));
  });

  const reply = (value: unknown) => {
    if (client.readyState === WebSocket.OPEN) client.send(JSON.stringify(value));
  };

  pumpMessages(client, async (text) => {
    let payload: unknown;
    try {
      payload = JSON.parse(text);
    } catch {
      reply(rpcError(null, PARSE_ERROR, 'Parse error'));
      return;
    }
    const calls = Array.isArray(payload) ? payload : [payload];
    const errors: unknown[] = [];
    const allowed: unknown[] = [];
    for (const call of calls) {
      if (!isCall(call)) {
        errors.push(rpcError(idOf(call), INVALID_REQUEST, 'Invalid request'));
        continue;
      }
      if (isNotification(call)) continue;
      // Every call but an unsubscribe (which only frees something) counts against the address's rate,
      // but a subscribe only in front of a provider (its caps bound it before a ledger of ours).
      const counted = !isUnsubscribe(call.method) && (limits.subscribesAreCalls !== false || !isSubscribe(call.method));
      const refused = counted ? limits.admitCall(ip, idOf(call)) : undefined;
      if (refused) errors.push(refused);
      else if (!PUBSUB_METHODS.has(call.method)) errors.push(rpcError(idOf(call), METHOD_NOT_FOUND, METHOD_NOT_ALLOWED));
      else if (isSubscribe(call.method) && subscriptions.count >= limits.maxSubscriptions) {
        errors.push(rpcError(idOf(call), INTERNAL_ERROR, tooManySubscriptionsMessage(limits.maxSubscriptions)));
      } else {
        subscriptions.sent(call);
        allowed.push(call);
      }
    }
    if (errors.length > 0) reply(Array.isArray(payload) ? errors : errors[0]);
    if (allowed.length === 0) return;
    if (!(await upstreamReady)) return;
    if (upstream.readyState === WebSocket.OPEN) upstream.send(Array.isArray(payload) ? JSON.stringify(allowed) : text);
  }, { ...limits.pump, onError: (err) => log.warn({ err }, 'PubSub relay message failed') });

  upstream.on('message', (data: RawData, isBinary: boolean) => {
    subscriptions.received(data);
    if (client.readyState === WebSocket.OPEN) client.send(data, { binary: isBinary });
  });
  upstream.on('error', (err) => {
    log.warn({ err: err.message }, 'PubSub upstream failed');
    closeWith(client, 1011, 'RPC error: connection failed');
  });
  upstream.on('close', (code, reason) => closeWith(client, sendableCode(code), reason.toString()));
  client.on('close', () => {
    if (upstream.readyState === WebSocket.CONNECTING) upstream.terminate();
    else closeWith(upstream, 1000, '');
  });
  client.on('error', () => upstream.terminate());
}

function closeWith(socket: WebSocket, code: number, reason: string): void {
  if (socket.readyState === WebSocket.OPEN || socket.readyState === WebSocket.CONNECTING) socket.close(code, reason.slice(0, 120));
}

// 1005 (no status) and 1006 (abnormal) describe a close but may not be sent in one.
function sendableCode(code: number): number {
  if (code === 1005) return 1000;
  if (code === 1006) return 1011;
  return code;
}

import type { FastifyBaseLogger } from 'fastify';
import WebSocket, { type RawData } from 'ws';
import { INVALID_REQUEST, METHOD_NOT_ALLOWED, METHOD_NOT_FOUND, PARSE_ERROR, idOf, isCall, isNotification, rpcError } from './jsonRpc';
import { PUBSUB_METHODS } from './methods';

const MAX_QUEUED = 100;

/**
 * Relays one browser websocket to the cluster's PubSub endpoint. Subscription calls pass
 * through; other calls are answered 'Method not allowed' here; notifications that are not
 * subscriptions (web3.js's 'ping') are dropped, as a validator answers nothing to them.
 */
export function proxyPubsub(client: WebSocket, upstreamUrl: string, log: FastifyBaseLogger): void {
  const upstream = new WebSocket(upstreamUrl);
  const queued: string[] = [];

  const sendUp = (text: string) => {
    if (upstream.readyState === WebSocket.OPEN) upstream.send(text);
    else if (upstream.readyState === WebSocket.CONNECTING && queued.length < MAX_QUEUED) queued.push(text);
  };
  const reply = (value: unknown) => {
    if (client.readyState === WebSocket.OPEN) client.send(JSON.stringify(value));
  };

  client.on('message', (data: RawData) => {
    const text = data.toString();
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
      if (!isCall(call)) errors.push(rpcError(idOf(call), INVALID_REQUEST, 'Invalid request'));
      else if (PUBSUB_METHODS.has(call.method)) allowed.push(call);
      else if (!isNotification(call)) errors.push(rpcError(idOf(call), METHOD_NOT_FOUND, METHOD_NOT_ALLOWED));
    }
    if (allowed.length > 0) sendUp(Array.isArray(payload) ? JSON.stringify(allowed) : text);
    if (errors.length > 0) reply(Array.isArray(payload) ? errors : errors[0]);
  });

  upstream.on('open', () => {
    for (const text of queued.splice(0)) upstream.send(text);
  });
  upstream.on('message', (data: RawData, isBinary: boolean) => {
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

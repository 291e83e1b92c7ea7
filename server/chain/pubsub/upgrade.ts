import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { onRequestAsyncHookHandler } from 'fastify';
import type { PubsubAdmission, UpgradeRefusal } from './admission';

// When a refused client may try again: a place frees when one of its sockets closes.
const RETRY_AFTER_SECONDS = 5;

/** Answers a refused upgrade on the raw TCP socket (before any handshake) and closes it. */
export function refuseUpgrade(socket: Duplex, { status, error }: UpgradeRefusal): void {
  const body = JSON.stringify({ error });
  const head = [
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
    'Connection: close',
    'Cache-Control: no-store',
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    ...(status === 429 ? [`Retry-After: ${RETRY_AFTER_SECONDS}`] : []),
  ];
  socket.end(`${head.join('\r\n')}\r\n\r\n${body}`);
}

/**
 * The /api/rpc route's onRequest hook: a websocket upgrade is admitted (its place held
 * until its TCP socket closes) or answered 403/429 `{ error }` before the handshake.
 * Plain HTTP requests to the route pass untouched.
 */
export function admitUpgrade(admission: PubsubAdmission): onRequestAsyncHookHandler {
  return async (request, reply) => {
    if (!request.ws) return;
    const refusal = admission.admit(request.ip, request.raw.socket);
    if (!refusal) return;
    reply.status(refusal.status).header('cache-control', 'no-store').header('connection', 'close');
    if (refusal.status === 429) reply.header('retry-after', String(RETRY_AFTER_SECONDS));
    // The upgrade's socket is no HTTP server's to close: end it with the answer.
    reply.raw.once('finish', () => request.raw.socket?.destroy());
    return reply.send({ error: refusal.error });
  };
}

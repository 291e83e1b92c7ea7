import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/** How long a closing server lets in-flight requests finish before it drops their sockets. */
export const CLOSE_GRACE_MS = 3_000;

/**
 * Bounds `app.close()`. Node's server.close() waits for every socket, and two kinds are not
 * its to end: a socket mid-way through a websocket upgrade when the upgrade handler is
 * removed (a kit client opening a channel as the server stops), and a keep-alive socket that
 * was busy when idle ones were closed. Either held a close for the 72 s keep-alive timeout.
 */
export function boundClose(app: FastifyInstance, graceMs = CLOSE_GRACE_MS): void {
  const sockets = new Set<Socket>();
  app.server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  app.addHook('preClose', async () => {
    setTimeout(() => { for (const socket of sockets) socket.destroy(); }, graceMs).unref();
  });
}

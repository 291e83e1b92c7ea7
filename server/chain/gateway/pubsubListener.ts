import type { FastifyBaseLogger } from 'fastify';
import { WebSocketServer } from 'ws';
import { proxyPubsub } from './wsProxy';

export const PUBSUB_MAX_PAYLOAD = 1024 * 1024;

/**
 * The validator-style PubSub port (PORT + 1, any path) that web3.js derives from an RPC URL
 * with an explicit port; every connection is relayed to the cluster.
 */
export async function startPubsubListener(opts: { host: string; port: number; upstreamUrl: string; log: FastifyBaseLogger }): Promise<{ close: () => Promise<void> }> {
  const wss = new WebSocketServer({ host: opts.host, port: opts.port, maxPayload: PUBSUB_MAX_PAYLOAD });
  await new Promise<void>((resolve, reject) => {
    wss.once('listening', resolve);
    wss.once('error', reject);
  });
  wss.on('connection', (socket) => proxyPubsub(socket, opts.upstreamUrl, opts.log));
  return {
    close: () => new Promise<void>((resolve) => {
      for (const client of wss.clients) client.terminate();
      wss.close(() => resolve());
    }),
  };
}

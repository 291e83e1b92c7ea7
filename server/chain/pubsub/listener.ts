import { WebSocketServer } from 'ws';
import type { LocalPubsub } from './pubsub';

export const PUBSUB_MAX_PAYLOAD = 1024 * 1024;

/** The validator-style PubSub port (PORT + 1, any path) that web3.js derives from an RPC URL with a port. */
export async function listenPubsub(pubsub: LocalPubsub, host: string, port: number): Promise<{ close: () => Promise<void> }> {
  const wss = new WebSocketServer({ host, port, maxPayload: PUBSUB_MAX_PAYLOAD });
  await new Promise<void>((resolve, reject) => {
    wss.once('listening', resolve);
    wss.once('error', reject);
  });
  wss.on('connection', (socket) => pubsub.handle(socket));
  return {
    close: () => new Promise<void>((resolve) => {
      for (const client of wss.clients) client.terminate();
      wss.close(() => resolve());
    }),
  };
}

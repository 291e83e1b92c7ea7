import http from 'node:http';
import { WebSocketServer, type WebSocket } from 'ws';
import { clientAddressOf, type TrustedProxies } from '../../http/trustedProxy';
import type { PubsubAdmission } from './admission';
import { refuseUpgrade } from './upgrade';

export const PUBSUB_MAX_PAYLOAD = 1024 * 1024;

export type PubsubPortOptions = {
  host: string;
  port: number;
  admission: PubsubAdmission;
  /** Whose X-Forwarded-For counts (TRUST_PROXY): the client address is found as for HTTP. */
  proxies: TrustedProxies;
  /** Serves an admitted socket of client `ip` (the local ledger's PubSub, or the cluster relay). */
  serve: (socket: WebSocket, ip: string) => void;
};

/**
 * The validator-style PubSub port (PORT + 1, any path) that web3.js derives from an RPC URL
 * with a port. Each upgrade is admitted first (block list, connections per address) and
 * refused with an HTTP answer before any handshake; plain HTTP gets 426.
 */
export async function listenPubsubPort(options: PubsubPortOptions): Promise<{ close: () => Promise<void> }> {
  const wss = new WebSocketServer({ noServer: true, maxPayload: PUBSUB_MAX_PAYLOAD });
  const server = http.createServer((_request, response) => {
    response.writeHead(426, { 'content-type': 'text/plain', upgrade: 'websocket' }).end('Upgrade Required');
  });
  server.on('upgrade', (request: http.IncomingMessage, socket, head) => {
    socket.on('error', () => socket.destroy());
    const ip = clientAddressOf(request, options.proxies);
    const refusal = options.admission.admit(ip, socket);
    if (refusal) return refuseUpgrade(socket, refusal);
    wss.handleUpgrade(request, socket, head, (ws) => {
      options.admission.track(ws, ip);
      options.serve(ws, ip);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    close: () => new Promise<void>((resolve) => {
      for (const client of wss.clients) client.terminate();
      wss.close();
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

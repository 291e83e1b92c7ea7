// The web3.js Connection a process uses on a cluster (SOLANA_RPC_URL), made safe against a
// web3.js 1.x loop that takes the process down when its PubSub socket drops.

import { Connection, type ConnectionConfig } from '@solana/web3.js';

/** How long a PubSub call on a socket that is not open waits before it fails. */
export const CLOSED_SOCKET_RETRY_MS = 100;

type RpcSocket = {
  call: (...args: unknown[]) => Promise<unknown>;
  notify: (...args: unknown[]) => Promise<unknown>;
  underlyingSocket?: { readyState: number };
};

/**
 * web3.js 1.x (1.99 here; solana-web3.js issues 1106, 2288, 3761) retries a failed subscribe
 * or unsubscribe at once, in microtasks only, while its socket is closing and the socket's
 * 'close' event has not been handled yet. A call on a socket that is not open fails at once, so
 * the retry never lets the event loop turn: 'close' never arrives, and the process spins,
 * logging, until it runs out of memory. A web process did exactly that when the ledger process
 * was killed (e2e/fleet/crash.test.ts). Here such a call fails only after a timer, so 'close'
 * is handled first; web3.js then sees a new socket generation and stops retrying, and
 * subscribes everything again once it has reconnected.
 */
export function clusterConnection(endpoint: string, config: ConnectionConfig): Connection {
  const connection = new Connection(endpoint, config);
  const socket = (connection as unknown as { _rpcWebSocket?: RpcSocket })._rpcWebSocket;
  if (socket) {
    for (const method of ['call', 'notify'] as const) {
      const original = socket[method].bind(socket);
      socket[method] = async (...args: unknown[]) => {
        if (socket.underlyingSocket?.readyState !== 1) await new Promise((resolve) => setTimeout(resolve, CLOSED_SOCKET_RETRY_MS));
        return original(...args);
      };
    }
  }
  return connection;
}

type SocketInternals = {
  _rpcWebSocket: {
    setAutoReconnect(reconnect: boolean): void;
    connect(): void;
    close(code?: number): void;
    removeAllListeners(): void;
    reconnect_timer_id?: ReturnType<typeof setTimeout>;
  };
  _rpcWebSocketIdleTimeout: ReturnType<typeof setTimeout> | null;
  _rpcWebSocketHeartbeat: ReturnType<typeof setInterval> | null;
};

/**
 * Stops a Connection's PubSub socket for good. web3.js 1.x has no way to: its socket
 * reconnects every second, without end, after any close it did not ask for (the node went
 * away, or shut down within the half second web3.js waits before closing an idle socket),
 * and it opens the socket again whenever a subscription changes. A process that closes its
 * services while its node is gone would otherwise keep dialling and logging 'ws error'.
 */
export function closeConnection(connection: Connection): void {
  const internals = connection as unknown as SocketInternals;
  const socket = internals._rpcWebSocket;
  socket.setAutoReconnect(false);
  clearTimeout(socket.reconnect_timer_id);
  socket.connect = () => {};
  if (internals._rpcWebSocketIdleTimeout) clearTimeout(internals._rpcWebSocketIdleTimeout);
  if (internals._rpcWebSocketHeartbeat) clearInterval(internals._rpcWebSocketHeartbeat);
  internals._rpcWebSocketIdleTimeout = null;
  internals._rpcWebSocketHeartbeat = null;
  // A socket still connecting reports its abort as an error: nobody is left to hear it.
  socket.removeAllListeners();
  try {
    socket.close(1000);
  } catch {
    // Already closed.
  }
}

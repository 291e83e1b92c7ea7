import { Keypair } from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocketServer } from 'ws';
import { freePort } from '../../e2e/server';
import { closeConnection, clusterConnection } from './clusterConnection';

// A stand-in for a cluster's PubSub port: answers every subscribe with a new id, every
// unsubscribe with true, and records the accounts subscribed.
let wss: WebSocketServer;
let port: number;
const subscribed: string[] = [];

beforeAll(async () => {
  port = await freePort();
  wss = new WebSocketServer({ host: '127.0.0.1', port });
  await new Promise((resolve) => wss.once('listening', resolve));
  let next = 1;
  wss.on('connection', (socket) => socket.on('message', (data) => {
    const msg = JSON.parse(data.toString()) as { id: number; method: string; params: unknown[] };
    if (msg.method === 'accountSubscribe') subscribed.push(msg.params[0] as string);
    socket.send(JSON.stringify({ jsonrpc: '2.0', id: msg.id, result: msg.method.endsWith('Unsubscribe') ? true : next++ }));
  }));
});
afterAll(async () => { await new Promise((resolve) => wss.close(resolve)); });

describe('clusterConnection', () => {
  it('a subscription made while its socket is closing neither spins the process nor is lost: it is made after the reconnect', async () => {
    const connection = clusterConnection(`http://127.0.0.1:${port - 1}`, { commitment: 'confirmed', wsEndpoint: `ws://127.0.0.1:${port}` });
    const [first, second] = [Keypair.generate().publicKey, Keypair.generate().publicKey];
    const ids = [connection.onAccountChange(first, () => {})];
    await expect.poll(() => subscribed.includes(first.toBase58()), { timeout: 5000 }).toBe(true);

    // The socket starts closing (as when the cluster's node goes away); web3.js has not heard
    // its 'close' yet when the next subscription comes. Unguarded, web3.js retries that
    // subscription in microtasks for ever: the timer below would never fire.
    const internals = connection as unknown as { _rpcWebSocket: { underlyingSocket: { close: () => void } } };
    internals._rpcWebSocket.underlyingSocket.close();
    ids.push(connection.onAccountChange(second, () => {}));
    const started = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(Date.now() - started).toBeLessThan(1000);

    // web3.js reconnects and subscribes both again.
    await expect.poll(() => subscribed.filter((a) => a === first.toBase58()).length, { timeout: 10_000 }).toBe(2);
    expect(subscribed).toContain(second.toBase58());
    await Promise.all(ids.map((id) => connection.removeAccountChangeListener(id)));
    closeConnection(connection);
  });

  it('closeConnection stops the socket for good: no redial after the node drops it, none when a subscription changes later', async () => {
    let sockets = 0;
    const count = () => { sockets += 1; };
    wss.on('connection', count);
    try {
      const connection = clusterConnection(`http://127.0.0.1:${port - 1}`, { commitment: 'confirmed', wsEndpoint: `ws://127.0.0.1:${port}` });
      const account = Keypair.generate().publicKey;
      const id = connection.onAccountChange(account, () => {});
      await expect.poll(() => subscribed.includes(account.toBase58()), { timeout: 5000 }).toBe(true);
      expect(sockets).toBe(1);

      // The node goes away: web3.js alone would redial every second, for ever.
      for (const client of wss.clients) client.terminate();
      await new Promise((resolve) => setTimeout(resolve, 100));
      closeConnection(connection);
      await connection.removeAccountChangeListener(id).catch(() => {});
      connection.onAccountChange(Keypair.generate().publicKey, () => {});
      await new Promise((resolve) => setTimeout(resolve, 2500));
      expect(sockets).toBe(1);
    } finally {
      wss.off('connection', count);
    }
  });

  it('closeConnection on a socket still connecting reports nothing', async () => {
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => { errors.push(args); };
    try {
      const connection = clusterConnection(`http://127.0.0.1:${port - 1}`, { commitment: 'confirmed', wsEndpoint: `ws://127.0.0.1:${port}` });
      connection.onAccountChange(Keypair.generate().publicKey, () => {});
      await Promise.resolve();
      closeConnection(connection);
      await new Promise((resolve) => setTimeout(resolve, 1500));
    } finally {
      console.error = original;
    }
    expect(errors).toEqual([]);
  });
});

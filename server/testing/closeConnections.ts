import { Connection } from '@solana/web3.js';
import { afterAll } from 'vitest';
import { closeConnection } from '../chain/clusterConnection';

// Files of the server suite share a worker (isolate: false). A web3.js Connection a file made
// keeps redialling its PubSub socket after the file's server has closed, and its 'ws error'
// lines land in later files, once during a worker's teardown, which fails the run. Every
// Connection that opened a socket in a file is stopped when the file ends. (The product's own
// Connection is stopped by its chain service's close, tested in clusterConnection.test.ts.)

type Subscriptions = { _updateSubscriptions(this: Connection): Promise<void> };
const prototype = Connection.prototype as unknown as Subscriptions & { __opened?: Set<Connection> };
// A setup file runs again for every file of a shared worker: the patch is made once.
const opened = prototype.__opened ?? new Set<Connection>();
if (!prototype.__opened) {
  prototype.__opened = opened;
  const original = prototype._updateSubscriptions;
  // A web3.js that renamed it would leave every socket untracked without a word.
  if (typeof original !== 'function') throw new Error('web3.js Connection has no _updateSubscriptions: closeConnections.ts needs a new hook');
  // web3.js opens its socket only from here, when a subscription is made or dropped.
  prototype._updateSubscriptions = function track(this: Connection) {
    opened.add(this);
    return original.call(this);
  };
}

afterAll(() => {
  for (const connection of opened) closeConnection(connection);
  opened.clear();
});

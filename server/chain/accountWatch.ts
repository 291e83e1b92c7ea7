// Where the quote watch hears that an account changed, and how it reads accounts: the local
// ledger's commits (each names every account it wrote), or a cluster's PubSub
// (accountSubscribe per watched address) with reads through the Connection.

import { PublicKey, type Connection } from '@solana/web3.js';
import type { LocalLedger } from './ledger/ledger';

export type RawAccount = { lamports: bigint; data: Uint8Array } | null;

export type WatchSource = {
  read(addresses: string[]): Promise<Map<string, RawAccount>>;
  /** Delivers the addresses that changed to `changed` until the returned function is called. */
  listen(changed: (addresses: Iterable<string>) => void): () => Promise<void>;
  /** A cluster subscribes to each watched address; the local ledger reports every commit anyway. */
  watch(address: string): void;
  unwatch(address: string): void;
  /** Notifications can be missed (a dropped socket): the watch polls as well. */
  needsPoll: boolean;
  /** A cluster: whether the address's subscription is live now. */
  isLive?: (address: string) => boolean;
};

/** Subscriptions one process holds on the cluster's PubSub; wallets beyond it are left to the poll. */
export const MAX_ACCOUNT_SUBSCRIPTIONS = 500;
/** getMultipleAccounts takes at most 100 addresses. */
const READ_CHUNK = 100;

export function ledgerSource(ledger: Pick<LocalLedger, 'on' | 'off' | 'getAccount'>): WatchSource {
  return {
    needsPoll: false,
    async read(addresses) {
      return new Map(addresses.map((address) => [address, ledger.getAccount(address)]));
    },
    listen(changed) {
      const onCommitted = (_records: unknown, accounts: Map<string, unknown>) => changed(accounts.keys());
      ledger.on('committed', onCommitted);
      return async () => { ledger.off('committed', onCommitted); };
    },
    watch() {},
    unwatch() {},
  };
}

/** web3.js's own hook for a subscription's state (what its confirmTransaction waits on), marked internal there. */
type SubscriptionStates = {
  _onSubscriptionStateChange?: (id: number, callback: (state: string) => void) => () => void;
};

/**
 * One accountSubscribe per watched address. A subscription only reports changes made after
 * it is live, so each time one becomes live (first, and again after web3.js reconnects a
 * dropped socket) the address counts as changed: whatever moved meanwhile is re-checked.
 */
export function clusterSource(connection: Connection, maxSubscriptions = MAX_ACCOUNT_SUBSCRIPTIONS): WatchSource {
  const subscriptions = new Map<string, { id: number; offState: () => void }>();
  const live = new Set<string>();
  let changed: ((addresses: Iterable<string>) => void) | undefined;
  const unwatch = (address: string): Promise<void> => {
    const subscription = subscriptions.get(address);
    if (!subscription) return Promise.resolve();
    subscriptions.delete(address);
    live.delete(address);
    subscription.offState();
    // The socket may already be gone: the subscription went with it.
    return connection.removeAccountChangeListener(subscription.id).catch(() => {});
  };
  return {
    needsPoll: true,
    async read(addresses) {
      const found = new Map<string, RawAccount>();
      for (let i = 0; i < addresses.length; i += READ_CHUNK) {
        const chunk = addresses.slice(i, i + READ_CHUNK);
        const infos = await connection.getMultipleAccountsInfo(chunk.map((a) => new PublicKey(a)), 'confirmed');
        chunk.forEach((address, j) => {
          const info = infos[j];
          found.set(address, info ? { lamports: BigInt(info.lamports), data: info.data } : null);
        });
      }
      return found;
    },
    listen(listener) {
      changed = listener;
      // Once the last subscription is gone web3.js closes its idle socket.
      return async () => {
        changed = undefined;
        await Promise.all([...subscriptions.keys()].map(unwatch));
      };
    },
    watch(address) {
      if (!changed || subscriptions.has(address) || subscriptions.size >= maxSubscriptions) return;
      const id = connection.onAccountChange(new PublicKey(address), () => changed?.([address]), { commitment: 'confirmed' });
      const offState = (connection as unknown as SubscriptionStates)._onSubscriptionStateChange?.(id, (state) => {
        if (state !== 'subscribed') return void live.delete(address);
        live.add(address);
        changed?.([address]);
      }) ?? (() => {});
      subscriptions.set(address, { id, offState });
    },
    unwatch: (address) => { void unwatch(address); },
    isLive: (address) => live.has(address),
  };
}

// On a cluster: a logsSubscribe per pool we run (`mentions` takes one address), so a swap on it
// is indexed as soon as the node confirms it rather than at the next backfill. Not one on the
// DBC program: every launchpad on Meteora trades there, and each notification costs a
// getTransaction. Pools beyond the cap, and notifications lost with a socket, wait for the
// backfill.

import { PublicKey, type Connection } from '@solana/web3.js';

export const MAX_LOGS_SUBSCRIPTIONS = 500;

/** web3.js's own hook for a subscription's state (what its confirmTransaction waits on), marked internal there. */
type SubscriptionStates = {
  _onSubscriptionStateChange?: (id: number, callback: (state: string) => void) => () => void;
};

export class PoolLogsWatch {
  private readonly subscriptions = new Map<string, { id: number; offState: () => void }>();
  private readonly live = new Set<string>();
  private closed = false;

  /**
   * `landed` hears each successful transaction that mentions a watched pool; `resubscribed` that
   * a subscription became live (first, or after web3.js redialled a dropped socket), when what
   * landed meanwhile is only in the history.
   */
  constructor(
    private readonly connection: Connection,
    private readonly landed: (signature: string) => void,
    private readonly resubscribed: () => void = () => {},
    private readonly max = MAX_LOGS_SUBSCRIPTIONS,
  ) {}

  /** Subscribes to the pools not watched yet and drops the ones no longer listed. */
  sync(pools: ReadonlySet<string>): void {
    if (this.closed) return;
    for (const pool of pools) {
      if (this.subscriptions.has(pool) || this.subscriptions.size >= this.max) continue;
      const id = this.connection.onLogs(new PublicKey(pool), (logs) => {
        if (logs.err === null) this.landed(logs.signature);
      }, 'confirmed');
      const offState = (this.connection as unknown as SubscriptionStates)._onSubscriptionStateChange?.(id, (state) => {
        if (state !== 'subscribed') return void this.live.delete(pool);
        this.live.add(pool);
        this.resubscribed();
      }) ?? (() => {});
      this.subscriptions.set(pool, { id, offState });
    }
    for (const pool of [...this.subscriptions.keys()]) if (!pools.has(pool)) void this.unwatch(pool);
  }

  isLive(pool: string): boolean {
    return this.live.has(pool);
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all([...this.subscriptions.keys()].map((pool) => this.unwatch(pool)));
  }

  private unwatch(pool: string): Promise<void> {
    const subscription = this.subscriptions.get(pool);
    if (!subscription) return Promise.resolve();
    this.subscriptions.delete(pool);
    this.live.delete(pool);
    subscription.offState();
    // The socket may already be gone: the subscription went with it.
    return this.connection.removeOnLogsListener(subscription.id).catch(() => {});
  }
}

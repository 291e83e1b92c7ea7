import type { WatchSource } from '../chain/accountWatch';

/**
 * On a cluster: an accountSubscribe per donation wallet (through the quote watch's
 * clusterSource), so a payment into one wakes the donations job at once instead of at its
 * next poll. The poll still reads everything: a missed notification, or a wallet beyond the
 * source's subscription cap, costs one tick.
 */
export class DonationWalletWatch {
  private readonly watched = new Set<string>();
  private readonly stopListening: () => Promise<void>;

  constructor(private readonly source: WatchSource, changed: (wallets: Iterable<string>) => void) {
    this.stopListening = source.listen(changed);
  }

  /** Subscribes to the wallets of the last pass's watch list and drops the ones it no longer has. */
  sync(wallets: ReadonlySet<string>): void {
    for (const wallet of wallets) {
      if (this.watched.has(wallet)) continue;
      this.watched.add(wallet);
      this.source.watch(wallet);
    }
    for (const wallet of [...this.watched]) {
      if (wallets.has(wallet)) continue;
      this.watched.delete(wallet);
      this.source.unwatch(wallet);
    }
  }

  close(): Promise<void> {
    return this.stopListening();
  }
}

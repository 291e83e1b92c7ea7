// The live quotes this process knows of, by wallet and by the addresses whose changes can
// unback them: the wallet itself (its SOL) and, for a sell, its token account of that mint.

import { PublicKey } from '@solana/web3.js';
import { tokenAccountOf } from '../../chain/curve';
import type { WatchedQuote } from '../types';

/** An executing quote whose end this process never saw (another process settled it) is dropped this long after its expiry. */
const EXECUTING_GRACE_MS = 10 * 60_000;

export type AddressListener = { added(address: string): void; removed(address: string): void };

/** A sell's quote carries its token account: the re-check reads it. */
export type IndexedQuote = WatchedQuote & { tokenAccount?: string };

type Entry = IndexedQuote & { addresses: string[]; stamp: number };

export class LiveIndex {
  private readonly quotes = new Map<string, Entry>();
  private readonly byWallet = new Map<string, Set<string>>();
  /** Watched address -> its wallet and how many quotes need it. */
  private readonly addresses = new Map<string, { wallet: string; count: number }>();
  private stamp = 0;

  constructor(private readonly listener?: AddressListener) {}

  get size(): number { return this.quotes.size; }

  /** A stamp: entries added after it survive a sync that started before them. */
  mark(): number { return this.stamp; }

  add(quote: WatchedQuote): void {
    const known = this.quotes.get(quote.id);
    if (known) {
      known.executing ||= quote.executing;
      return;
    }
    const tokenAccount = quote.side === 'sell' ? tokenAccountOf(new PublicKey(quote.mint), new PublicKey(quote.wallet)).toBase58() : undefined;
    const addresses = tokenAccount ? [quote.wallet, tokenAccount] : [quote.wallet];
    this.quotes.set(quote.id, { ...quote, tokenAccount, addresses, stamp: ++this.stamp });
    let ids = this.byWallet.get(quote.wallet);
    if (!ids) this.byWallet.set(quote.wallet, ids = new Set());
    ids.add(quote.id);
    for (const address of addresses) {
      const watched = this.addresses.get(address);
      if (watched) watched.count += 1;
      else {
        this.addresses.set(address, { wallet: quote.wallet, count: 1 });
        this.listener?.added(address);
      }
    }
  }

  remove(id: string): void {
    const entry = this.quotes.get(id);
    if (!entry) return;
    this.quotes.delete(id);
    const ids = this.byWallet.get(entry.wallet);
    ids?.delete(id);
    if (ids?.size === 0) this.byWallet.delete(entry.wallet);
    for (const address of entry.addresses) {
      const watched = this.addresses.get(address)!;
      watched.count -= 1;
      if (watched.count === 0) {
        this.addresses.delete(address);
        this.listener?.removed(address);
      }
    }
  }

  claimed(id: string): void {
    const entry = this.quotes.get(id);
    if (entry) entry.executing = true;
  }

  /** The wallet a watched address belongs to. */
  walletOf(address: string): string | undefined {
    return this.addresses.get(address)?.wallet;
  }

  wallets(): string[] { return [...this.byWallet.keys()]; }

  /** The wallet's open, unexpired quotes: the ones its holdings must go on backing. */
  open(wallet: string, now: number): IndexedQuote[] {
    const open: IndexedQuote[] = [];
    for (const id of this.byWallet.get(wallet) ?? []) {
      const entry = this.quotes.get(id)!;
      if (!entry.executing && entry.expiresAt > now) open.push(entry);
    }
    return open;
  }

  /** Drops expired quotes (and executing ones long past their expiry). */
  prune(now: number): void {
    for (const entry of [...this.quotes.values()]) {
      if (entry.expiresAt + (entry.executing ? EXECUTING_GRACE_MS : 0) <= now) this.remove(entry.id);
    }
  }

  /**
   * Takes the database's live quotes as the truth: adds the ones missing, and drops the ones
   * it no longer lists that were known before `since` (newer ones were built after its read).
   */
  sync(live: WatchedQuote[], since: number): void {
    const listed = new Set(live.map((q) => q.id));
    for (const entry of [...this.quotes.values()]) {
      if (!listed.has(entry.id) && entry.stamp <= since) this.remove(entry.id);
    }
    for (const quote of live) this.add(quote);
  }
}

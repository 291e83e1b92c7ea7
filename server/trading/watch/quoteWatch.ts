// Keeps every live quote backed for its whole life: watches the wallets that hold open quotes
// and releases, as soon as a wallet changes, the quotes it no longer backs.

import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { tokenAmount } from '../holdings';
import type { QuoteObserver, WatchedQuote } from '../types';
import { unbackedQuotes } from './backing';
import { LiveIndex, type IndexedQuote } from './liveIndex';
import type { WatchSource } from './sources';
import { liveQuotesToWatch } from './store';

/** How long a build or execute waits for a re-check of its mint (a slow RPC read must not stall trading). */
const SETTLE_WAIT_MAX_MS = 2_000;
/** Local mode: how often expired quotes leave the index (a cluster prunes on every poll). */
const SWEEP_MS = 10_000;

export type QuoteWatchOptions = {
  db: Db;
  source: WatchSource;
  /** Releases open quotes of one mint (QuoteBook.releaseUnbacked); returns the ids it released. */
  release: (mint: string, ids: string[]) => Promise<string[]>;
  now: () => Date;
  /** Where notifications can be missed (a cluster): re-read every live quote and wallet this often. */
  pollMs: number;
  log: FastifyBaseLogger;
};

/**
 * What is watched: each wallet holding an open quote (its SOL) and, for a sell, its token
 * account of that mint. Locally the ledger's 'committed' event names every account a commit
 * wrote: the watched ones among them are re-checked (a map lookup per account, no database
 * query unless a quote must go). On a cluster each watched address has an accountSubscribe,
 * and a poll re-reads the database's live quotes (other processes' too) and every wallet.
 *
 * A re-check reads the wallet (and its token accounts) and releases, through the quote book,
 * the open quotes its holdings no longer back, the newer ones first (see backing.ts). Executing quotes
 * are left to their send. A re-check starts when the change arrives; builds and executes of
 * that mint wait for it (`settled`), so on the local ledger a transfer confirmed to anyone has
 * already released what it unbacked.
 */
export class QuoteWatch implements QuoteObserver {
  private readonly index: LiveIndex;
  /** Per wallet: the last re-check, and whether one is queued that has not read anything yet. */
  private readonly tails = new Map<string, Promise<void>>();
  private readonly queued = new Set<string>();
  /** Per mint: re-checks under way that may release its quotes. */
  private readonly pending = new Map<string, Set<Promise<void>>>();
  private stopListening: (() => Promise<void>) | undefined;
  private timer: NodeJS.Timeout | undefined;
  private polling: Promise<void> | undefined;

  constructor(private readonly options: QuoteWatchOptions) {
    const { source } = options;
    this.index = new LiveIndex({ added: (address) => source.watch(address), removed: (address) => source.unwatch(address) });
  }

  /** Starts listening, loads the live quotes already stored, and starts the poll (or the sweep). */
  start(): void {
    this.stopListening = this.options.source.listen((addresses) => this.changed(addresses));
    this.polling = this.poll().finally(() => { this.polling = undefined; });
    const every = this.options.source.needsPoll ? this.options.pollMs : SWEEP_MS;
    this.timer = setInterval(() => {
      if (!this.options.source.needsPoll) return this.index.prune(this.now());
      this.polling ??= this.poll().finally(() => { this.polling = undefined; });
    }, every);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.stopListening?.();
    await this.polling;
    await Promise.all([...this.tails.values()]);
  }

  // The book calls these inside its writes: a failure here is logged, never thrown into a trade
  // (the poll, on a cluster, and the check at execute still stand behind it).
  built(quote: WatchedQuote, replaced: string[]): void {
    this.guard(() => {
      for (const id of replaced) this.index.remove(id);
      this.index.add(quote);
    });
  }

  claimed(id: string): void { this.guard(() => this.index.claimed(id)); }

  ended(ids: string[]): void {
    this.guard(() => { for (const id of ids) this.index.remove(id); });
  }

  settled(mint: string): Promise<void> | undefined {
    const running = this.pending.get(mint);
    if (!running?.size) return undefined;
    let timer: NodeJS.Timeout | undefined;
    const bound = new Promise<void>((resolve) => { timer = setTimeout(resolve, SETTLE_WAIT_MAX_MS); });
    return Promise.race([Promise.all(running).then(() => {}), bound]).finally(() => clearTimeout(timer));
  }

  /** On a cluster: whether the accountSubscribe for this address is live (health and tests). */
  subscribed(address: string): boolean {
    return this.options.source.isLive?.(address) ?? false;
  }

  private now(): number { return this.options.now().getTime(); }

  private guard(fn: () => void): void {
    try {
      fn();
    } catch (err) {
      this.options.log.error({ err }, 'quote watch: bookkeeping failed');
    }
  }

  /** Runs inside the ledger's commit (an event listener): it must never throw into it. */
  private changed(addresses: Iterable<string>): void {
    if (this.index.size === 0) return;
    this.guard(() => {
      const wallets = new Set<string>();
      for (const address of addresses) {
        const wallet = this.index.walletOf(address);
        if (wallet) wallets.add(wallet);
      }
      for (const wallet of wallets) this.recheck(wallet);
    });
  }

  /** Queues a re-check of the wallet after any running one; a queued one not yet started covers this change too. */
  private recheck(wallet: string): void {
    if (this.queued.has(wallet)) return;
    const mints = new Set(this.index.open(wallet, this.now()).map((q) => q.mint));
    if (mints.size === 0) return;
    this.queued.add(wallet);
    const previous = this.tails.get(wallet) ?? Promise.resolve();
    const run: Promise<void> = previous
      .then(() => {
        this.queued.delete(wallet);
        return this.check([wallet]);
      })
      .catch((err: unknown) => this.options.log.error({ err, wallet }, 'quote watch: re-check failed'))
      .finally(() => {
        if (this.tails.get(wallet) === run) this.tails.delete(wallet);
        for (const mint of mints) {
          const set = this.pending.get(mint);
          set?.delete(run);
          if (set?.size === 0) this.pending.delete(mint);
        }
      });
    this.tails.set(wallet, run);
    for (const mint of mints) {
      let set = this.pending.get(mint);
      if (!set) this.pending.set(mint, set = new Set());
      set.add(run);
    }
  }

  /** Reads the wallets' accounts in one go and releases every open quote they no longer back. */
  private async check(wallets: string[]): Promise<void> {
    const now = this.now();
    const open = new Map<string, IndexedQuote[]>();
    const addresses: string[] = [];
    for (const wallet of wallets) {
      const quotes = this.index.open(wallet, now);
      if (quotes.length === 0) continue;
      open.set(wallet, quotes);
      addresses.push(wallet, ...new Set(quotes.flatMap((q) => (q.tokenAccount ? [q.tokenAccount] : []))));
    }
    if (addresses.length === 0) return;
    const accounts = await this.options.source.read(addresses);
    const releases = new Map<string, string[]>();
    for (const [wallet, quotes] of open) {
      const tokenAccounts = new Map(quotes.flatMap((q) => (q.tokenAccount ? [[q.mint, q.tokenAccount] as const] : [])));
      const unbacked = unbackedQuotes(quotes, {
        lamports: accounts.get(wallet)?.lamports ?? 0n,
        tokens: (mint) => tokenAmount(accounts.get(tokenAccounts.get(mint) ?? '') ?? null),
      });
      for (const quote of unbacked) {
        const ids = releases.get(quote.mint);
        if (ids) ids.push(quote.id);
        else releases.set(quote.mint, [quote.id]);
      }
    }
    for (const [mint, ids] of releases) {
      const released = await this.options.release(mint, ids);
      if (released.length > 0) this.options.log.info({ mint, released }, 'quote watch: released quotes their wallets no longer back');
    }
  }

  /** Loads the database's live quotes (quotes from before a restart; a cluster: other processes' too) and re-checks every wallet. */
  private async poll(): Promise<void> {
    try {
      const since = this.index.mark();
      this.index.sync(await liveQuotesToWatch(this.options.db, this.options.now()), since);
      this.index.prune(this.now());
      await this.check(this.index.wallets());
    } catch (err) {
      this.options.log.error({ err }, 'quote watch: poll failed');
    }
  }
}

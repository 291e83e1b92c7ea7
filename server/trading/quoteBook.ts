import { randomUUID } from 'node:crypto';
import bs58 from 'bs58';
import { and, eq, lte } from 'drizzle-orm';
import { PublicKey } from '@solana/web3.js';
import { DEFAULT_SLIPPAGE_BPS } from '../../core/constants';
import type { CurveState } from '../../core/curve';
import { U64_MAX } from '../../core/money';
import { tradeLamports } from '../../core/tradeCosts';
import {
  applyTrade, buildBuyTransaction, buildSellTransaction, coSignQuote, messageHash, quoteIdInMessage,
  reservedState, splitWire, unsignedForms, verifySignature, type TradeSide, type WireParts,
} from '../chain/curve';
import { curveQuotes } from '../db/schema';
import { HttpError, badRequest, conflict, notFound } from '../http/errors';
import {
  RELEASED_ERROR, claimQuote, claimQuoteByHash, commitTrade, findQuote, findQuoteByHash, insertQuoteAt, readBook, releaseQuote, releaseUnbacked,
  type LiveQuote, type PoolRow, type QuoteRow,
} from './bookStore';
import { readBacking } from './backing';
import { assertCurveShare } from './clientCaps';
import { KeyedMutex } from './mutex';
import { stateColumns, stateOfPool, transferFeeOfPool } from './pools';
import { deltaOf, liveDeltas, priceBuy, priceSell, ratio, walletKey, type Amounts } from './pricing';
import {
  DEFAULT_MAX_CURVE_SHARE_BPS, QUOTE_TTL_MS, TRADE_ERRORS, type BuyQuoteResult, type ExecuteResult, type QuoteBookOptions, type SellQuoteResult,
  type SendResult, type TradeEvent,
} from './types';

export { QUOTE_TTL_MS, TRADE_ERRORS } from './types';
export type { BuyQuoteResult, ExecuteResult, QuoteBookOptions, SellQuoteResult, SendResult, TradeEvent } from './types';

/** Optimistic writes retry when another process wrote the pool first. */
const MAX_ATTEMPTS = 20;

/**
 * Firm quotes against a bonding curve, and their execution.
 *
 * The committed state (curve_pools) changes only when a trade has landed on chain, by
 * exactly that trade's amounts, so after every confirmed trade the pool wallet holds what
 * the committed state says (tokens: real + locked reserves; SOL: real reserves above the
 * wallet's rent). A quote's amounts are fixed when it is built: they are what the trader
 * signs. Live quotes (open, unexpired, or executing) are reservations: a new quote is
 * priced on the committed state with the live quotes of its side applied in creation
 * order (reservedState), so quotes built later are priced after them, and expiry needs
 * no undo (an expired quote simply stops counting).
 *
 * Out-of-order execution: committing a quote adds its fixed amounts, and additions
 * commute, so executing B before A leaves the same committed state as A before B; each
 * was priced with every earlier live quote of its side already taken out, so neither can
 * take tokens (or SOL) the other was promised, and both land at their quoted amounts. A
 * buy's tokens are bounded by committed tokens minus every other live buy, a sell's SOL by
 * committed SOL minus every other live sell, whichever of them later execute or expire.
 * While a live buy would complete the curve, new buys wait (409): they would otherwise be
 * priced on a graduated pool that may never exist. Why each side ignores the other's
 * reservations: pricing a buy after a live sell would let someone quote a big sell, buy
 * at the price it made, and let the sell expire. server/chain/curve/reserves.test.ts
 * checks this model over random builds, expiries and out-of-order executions: no
 * execution overdraws the pool and the curve's product never falls below its start.
 *
 * Concurrency: in this process, building, claiming and committing run one at a time per
 * mint (an async mutex). In the database every write is one statement guarded by the
 * pool row's version (bookStore.ts): the UPDATE takes the row lock, and a writer whose
 * read is stale (another process wrote first) re-reads and retries, so several processes
 * stay correct with two round trips per quote. Sends of one mint run one at a time in
 * this process, each committed right after it lands, so the on-chain balances equal the
 * committed state whenever no send is in flight. No database transaction is held open
 * across a send.
 *
 * Every live quote stays backed: at build its wallet must hold what all its live quotes
 * spend; afterwards the quote watch (watch/, the `observer`) re-checks the wallet whenever
 * it changes and releases (releaseUnbacked) the open quotes it no longer backs. A release and
 * a claim are both conditional on the quote being open, so exactly one of them wins.
 */
export class QuoteBook {
  private readonly book = new KeyedMutex();
  private readonly sending = new KeyedMutex();
  private readonly wallets = new KeyedMutex();
  private readonly clients = new KeyedMutex();
  private readonly now: () => Date;
  private readonly ttlMs: number;
  /**
   * The last pool row and live quotes this process read or wrote, per mint. Every write
   * moves the version by one, so the cache is exact while our writes succeed; a write on a
   * stale version fails (another process wrote) and the next attempt re-reads.
   */
  private readonly cache = new Map<string, { pool: PoolRow; live: LiveQuote[] }>();

  constructor(private readonly options: QuoteBookOptions) {
    this.now = options.now ?? (() => new Date());
    this.ttlMs = options.quoteTtlMs ?? QUOTE_TTL_MS;
  }

  /**
   * A buy of up to `solIn` lamports. `minimumTokens` (a preview the person saw) is checked with `slippageBps`.
   * `recipient` receives the tokens (default: the trader, who pays the SOL and fees either way).
   * `client`: the HTTP client's address, held to the per-address caps (the server's own quotes: none).
   */
  async buildBuyQuote(params: {
    mint: string; trader: string; solIn: bigint; slippageBps?: number; minimumTokens?: bigint; recipient?: string; client?: string;
  }): Promise<BuyQuoteResult> {
    if (params.solIn <= 0n || params.solIn > U64_MAX) throw badRequest(TRADE_ERRORS.tooSmall);
    const built = await this.build(params.mint, params.trader, 'buy', params.solIn, params.slippageBps, (pool, committed, reserved) =>
      priceBuy(committed, reserved, transferFeeOfPool(pool), params.solIn, params.minimumTokens, params.slippageBps), params.recipient, params.client);
    return {
      quoteId: built.quoteId, transactionBase64: built.transactionBase64, expiresAt: built.expiresAt,
      expectedTokens: built.expectedOutput, solUsed: built.amountIn, tokensOut: built.amountOut, transferFee: built.transferFee,
    };
  }

  /** A sell of `tokens` base units from the trader's balance. `client`: the HTTP client's address (the server's own: none). */
  async buildSellQuote(params: {
    mint: string; trader: string; tokens: bigint; slippageBps?: number; minimumSol?: bigint; client?: string;
  }): Promise<SellQuoteResult> {
    if (params.tokens <= 0n || params.tokens > U64_MAX) throw badRequest(TRADE_ERRORS.tooSmall);
    const built = await this.build(params.mint, params.trader, 'sell', params.tokens, params.slippageBps, (pool, _committed, reserved) =>
      priceSell(reserved, transferFeeOfPool(pool), params.tokens, params.minimumSol, params.slippageBps), undefined, params.client);
    return {
      quoteId: built.quoteId, transactionBase64: built.transactionBase64, expiresAt: built.expiresAt,
      expectedSOL: built.expectedOutput, tokensSent: built.amountIn, transferFee: built.transferFee,
    };
  }

  /**
   * Executes a trader-signed quote: only a live quote's exact message is accepted; the pool
   * wallet co-signs it, it is sent, and the trade is committed (or, if it failed on chain,
   * its reservation released). Nothing is signed for a refused transaction. `mint`: the
   * token the caller expects (the trading API's URL names it): a validly signed live quote
   * of it is then found and claimed in one statement; anything else goes the long way,
   * which says what is wrong.
   */
  async execute(signedTxBase64: string, mint?: string): Promise<ExecuteResult> {
    const wire = Buffer.from(signedTxBase64, 'base64');
    let parts: WireParts;
    try {
      parts = splitWire(wire);
    } catch {
      throw badRequest(TRADE_ERRORS.invalid);
    }
    const hash = messageHash(parts.message);
    const signed = verifySignature(parts.signers[0]!, parts.message, parts.signatures[0]!);
    // The trader pays the fee and signs first: this is the transaction's signature.
    const signature = bs58.encode(parts.signatures[0]!);
    const { quote, pool } = (mint !== undefined && signed && await this.claimByHash(mint, hash, signature))
      || await this.findAndClaim(parts, hash, signed, signature);
    await this.assertStillBacked(quote);
    let cosigned: Buffer;
    try {
      cosigned = coSignQuote({ ...quote, poolWallet: pool.poolWallet }, wire, await this.options.poolSigner(pool.poolWallet));
    } catch (err) {
      // Nothing was sent: the reservation can go.
      await this.release(quote, null, err instanceof Error ? err.message : String(err));
      throw badRequest(TRADE_ERRORS.unknown);
    }
    return this.sending.run(pool.mint, async () => {
      // If send throws, the outcome is unknown: the quote stays 'executing', still reserved.
      const result = await this.options.send(cosigned);
      return this.settle(quote, result);
    });
  }

  /**
   * Settles a quote left 'executing' because its send threw (outcome unknown), once the
   * outcome is known (e.g. from getSignatureStatuses): committed if it landed, released if not.
   */
  async reconcile(quoteId: string, result: SendResult): Promise<ExecuteResult> {
    const quote = await findQuote(this.options.db, quoteId);
    if (!quote || quote.status !== 'executing') throw conflict(TRADE_ERRORS.used);
    return this.sending.run(quote.mint, () => this.settle(quote, result));
  }

  /** Marks open quotes past their expiry as expired (their reservations already stopped counting). */
  async expireStale(): Promise<number> {
    const rows = await this.options.db.update(curveQuotes).set({ status: 'expired', settledAt: this.now() })
      .where(and(eq(curveQuotes.status, 'open'), lte(curveQuotes.expiresAt, this.now())))
      .returning({ id: curveQuotes.id });
    return rows.length;
  }

  /** The committed state: what the pool holds on chain. */
  async committedState(mint: string): Promise<CurveState> {
    return stateOfPool((await this.read(mint, true)).pool);
  }

  /** The state a buy (or sell) built now would be priced on. */
  async reservedState(mint: string, side: TradeSide): Promise<CurveState> {
    const { pool, live } = await this.read(mint, true);
    return reservedState(stateOfPool(pool), liveDeltas(live, this.now()), side);
  }

  /** The pool and its live quotes: from this process's cache unless `fresh`. */
  private async read(mint: string, fresh = false): Promise<{ pool: PoolRow; live: LiveQuote[] }> {
    const cached = fresh ? undefined : this.cache.get(mint);
    if (cached) return cached;
    const book = await readBook(this.options.db, mint);
    if (!book) {
      this.cache.delete(mint);
      throw notFound(TRADE_ERRORS.poolNotFound);
    }
    this.cache.set(mint, book);
    return book;
  }

  /** Records our own write: the version moved from `from` to `to`; anything else means someone else wrote. */
  private wrote(mint: string, from: number, to: number | null, update: (book: { pool: PoolRow; live: LiveQuote[] }) => void): void {
    const cached = this.cache.get(mint);
    if (!cached || to === null || cached.pool.version !== from || to !== from + 1) {
      this.cache.delete(mint);
      return;
    }
    const next = { pool: { ...cached.pool, version: to }, live: [...cached.live] };
    update(next);
    this.cache.set(mint, next);
  }

  private async build(
    mint: string, trader: string, side: TradeSide, offered: bigint, slippageBps: number | undefined,
    price: (pool: PoolRow, committed: CurveState, reserved: CurveState) => Amounts, recipient?: string, client?: string,
  ) {
    const slippage = slippageBps ?? DEFAULT_SLIPPAGE_BPS;
    if (!Number.isInteger(slippage) || slippage < 0 || slippage > 10_000) throw badRequest(TRADE_ERRORS.slippageRange);
    const traderKey = walletKey(trader);
    const recipientKey = recipient === undefined ? undefined : walletKey(recipient);
    // A re-check started before this request (a wallet just changed) releases what it must first.
    await this.options.observer?.settled(mint);
    // One build per address and per wallet at a time in this process, so two builds can neither
    // spend the same balance nor both take an address's last free quote.
    const perClient = <T>(fn: () => Promise<T>) => (client === undefined ? fn() : this.clients.run(client, fn));
    return perClient(() => this.wallets.run(trader, async () => {
      const backing = await readBacking({
        db: this.options.db, holdings: this.options.holdings, now: this.now(),
        maxPerWallet: this.options.maxLiveQuotesPerWallet, maxPerClient: this.options.maxLiveQuotesPerClient,
      }, { mint, trader, side, recipient, client });
      // A sell's amount is exact: checked before pricing, which would refuse an oversell in other words.
      if (side === 'sell' && tradeLamports('sell', 0n, false) > backing.lamports) throw badRequest(TRADE_ERRORS.insufficientSol);
      if (side === 'sell' && offered > backing.tokens) throw badRequest(TRADE_ERRORS.insufficientTokens);
      const recentBlockhash = await this.options.latestBlockhash();
      return this.book.run(mint, async () => {
        for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
          // Another process wrote the pool between our read and our write: before trying again,
          // wait a little and a random while, so two processes' retries do not keep colliding.
          if (attempt > 1) await new Promise((r) => setTimeout(r, Math.random() * attempt * 2));
          const { pool, live } = await this.read(mint, attempt > 0);
          if (pool.poolWallet === trader || pool.poolWallet === recipient) throw badRequest(TRADE_ERRORS.wallet);
          const now = this.now();
          const committed = stateOfPool(pool);
          // The trader's open quote of this side is replaced by this one: it no longer reserves anything.
          const replaced = (q: LiveQuote) => q.trader === trader && q.side === side && q.status === 'open';
          let amounts: Amounts;
          let traderLamports: bigint;
          try {
            amounts = price(pool, committed, reservedState(committed, liveDeltas(live.filter((q) => !replaced(q)), now), side));
            traderLamports = tradeLamports(side, amounts.amountIn, backing.createsTokenAccount);
            if (traderLamports > backing.lamports) throw badRequest(TRADE_ERRORS.insufficientSol);
            if (client !== undefined) {
              assertCurveShare({
                committed, side, amountIn: amounts.amountIn, amountOut: amounts.amountOut, live, client, replaced, now,
                shareBps: this.options.maxCurveShareBps ?? DEFAULT_MAX_CURVE_SHARE_BPS,
              });
            }
          } catch (err) {
            // This process's copy of the book may be behind another process's writes (a trade that
            // completed the curve, or moved its price): a refusal is believed only once the book is read afresh.
            if (attempt === 0 && err instanceof HttpError) continue;
            throw err;
          }
          const quoteId = randomUUID();
          const common = {
            trader: traderKey, mint: new PublicKey(mint), poolWallet: new PublicKey(pool.poolWallet), quoteId, recentBlockhash,
          };
          const transaction = side === 'buy'
            ? buildBuyTransaction({ ...common, recipient: recipientKey, solLamports: amounts.amountIn, tokens: amounts.amountOut, transferFee: amounts.transferFee })
            : buildSellTransaction({ ...common, tokens: amounts.amountIn, transferFee: amounts.transferFee, solLamports: amounts.amountOut });
          const { message, wire } = unsignedForms(transaction);
          const expiresAt = new Date(now.getTime() + this.ttlMs);
          const inserted = await insertQuoteAt(this.options.db, pool.version, {
            id: quoteId, mint, side, traderWallet: trader, ...amounts, traderLamports, slippageBps: slippage,
            messageHash: messageHash(message), message, expiresAt, createdAt: now, clientAddress: client ?? null,
          });
          this.wrote(mint, pool.version, inserted ? pool.version + 1 : null, (book) => {
            book.live = book.live.filter((q) => !inserted!.replaced.includes(q.id));
            book.live.push({ id: quoteId, side, trader, ...amounts, status: 'open', expiresAt: expiresAt.getTime(), client: client ?? null });
          });
          if (inserted) {
            this.options.observer?.built({
              id: quoteId, mint, side, wallet: trader, traderLamports, tokens: side === 'sell' ? amounts.amountIn : 0n,
              expiresAt: expiresAt.getTime(), seq: inserted.seq, executing: false,
            }, inserted.replaced);
            return { quoteId, transactionBase64: wire.toString('base64'), expiresAt, ...amounts };
          }
        }
        throw conflict(TRADE_ERRORS.busy);
      });
    }));
  }

  /** At execute: the wallet must still hold what this quote spends, or the quote is released unsent. */
  private async assertStillBacked(quote: QuoteRow): Promise<void> {
    const held = await this.options.holdings(quote.traderWallet, quote.mint);
    const message = held.lamports < quote.traderLamports ? TRADE_ERRORS.insufficientSol
      : quote.side === 'sell' && held.tokens < quote.amountIn ? TRADE_ERRORS.insufficientTokens : null;
    if (!message) return;
    await this.release(quote, null, `unbacked at execute: ${message}`);
    throw badRequest(message);
  }

  /** The message's quote, claimed (open -> executing), or why not: unknown, altered, unsigned, used, expired or released. */
  private async findAndClaim(parts: WireParts, hash: string, signed: boolean, signature: string): Promise<{ quote: QuoteRow; pool: PoolRow }> {
    const found = await findQuoteByHash(this.options.db, hash);
    if (!found) throw badRequest(await this.alteredOrUnknown(parts.message));
    if (!signed) throw badRequest(TRADE_ERRORS.unsigned);
    // A re-check started before this request (its wallet just changed) decides first.
    await this.options.observer?.settled(found.mint);
    return this.claim(found, signature);
  }

  /** The live quote of `mint` with this message, found and claimed in one statement; null: none (findAndClaim says why). */
  private async claimByHash(mint: string, hash: string, signature: string): Promise<{ quote: QuoteRow; pool: PoolRow } | null> {
    await this.options.observer?.settled(mint);
    return this.book.run(mint, async () => {
      const { pool } = await this.read(mint);
      const claimed = await claimQuoteByHash(this.options.db, mint, hash, signature, this.now());
      // Null may still have moved the version (a concurrent claim won the row after ours bumped it): re-read next time.
      this.wrote(mint, pool.version, claimed?.version ?? null, (book) => {
        book.live = book.live.map((q) => (q.id === claimed!.quote.id ? { ...q, status: 'executing' } : q));
      });
      if (!claimed) return null;
      this.options.observer?.claimed(claimed.quote.id);
      return { quote: claimed.quote, pool };
    });
  }

  /** Claims a live quote for this execute (open -> executing), or says why not. */
  private claim(quote: QuoteRow, signature: string): Promise<{ quote: QuoteRow; pool: PoolRow }> {
    return this.book.run(quote.mint, async () => {
      if (quote.status === 'executed' || quote.status === 'executing') throw conflict(TRADE_ERRORS.used);
      if (quote.status === 'failed') throw conflict(TRADE_ERRORS.failedBefore);
      if (quote.status === 'expired' && quote.error === RELEASED_ERROR) throw conflict(TRADE_ERRORS.released);
      if (quote.status === 'expired' || quote.expiresAt.getTime() <= this.now().getTime()) throw conflict(TRADE_ERRORS.expired);
      const { pool } = await this.read(quote.mint);
      const version = await claimQuote(this.options.db, quote, signature, this.now());
      this.wrote(quote.mint, pool.version, version, (book) => {
        book.live = book.live.map((q) => (q.id === quote.id ? { ...q, status: 'executing' } : q));
      });
      if (version === null) {
        // Claimed by a concurrent execute, released by the watch or expired between the read and the claim.
        const again = await findQuote(this.options.db, quote.id);
        if (again?.error === RELEASED_ERROR) throw conflict(TRADE_ERRORS.released);
        throw conflict(again?.status === 'open' || again?.status === 'expired' ? TRADE_ERRORS.expired : TRADE_ERRORS.used);
      }
      this.options.observer?.claimed(quote.id);
      return { quote: { ...quote, status: 'executing', signature }, pool };
    });
  }

  /** Commits a landed trade, or releases the reservation of a failed one. */
  private async settle(quote: QuoteRow, result: SendResult): Promise<ExecuteResult> {
    const side = quote.side as TradeSide;
    const now = this.now();
    if (result.err !== null && result.err !== undefined) {
      await this.release(quote, result.signature, jsonText(result.err));
      throw new HttpError(400, TRADE_ERRORS.failed, { err: jsonValue(result.err), transactionSignature: result.signature });
    }
    const delta = deltaOf(quote);
    const tokensSent = side === 'buy' ? quote.amountOut : quote.amountIn;
    const tokensReceived = tokensSent - quote.transferFee;
    const event = await this.book.run(quote.mint, async (): Promise<TradeEvent | null> => {
      for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
        const { pool } = await this.read(quote.mint, attempt > 0);
        const before = stateOfPool(pool);
        const after = applyTrade(before, delta);
        const graduated = !before.complete && after.complete;
        const committed = await commitTrade(this.options.db, {
          quote, version: pool.version, after, graduated, delta, signature: result.signature, slot: result.slot ?? null,
          blockTime: result.blockTime ?? now, now, tokensSent, tokensReceived, price: ratio(delta.solLamports, delta.poolTokens),
        });
        this.wrote(quote.mint, pool.version, committed ? pool.version + 1 : null, (book) => {
          book.pool = { ...book.pool, ...stateColumns(after), ...(graduated ? { graduatedAt: now } : {}) };
          book.live = book.live.filter((q) => q.id !== quote.id);
        });
        if (committed) {
          this.options.observer?.ended([quote.id]);
          return {
            quoteId: quote.id, mint: quote.mint, campaignId: pool.campaignId, side, wallet: quote.traderWallet,
            signature: result.signature, solLamports: delta.solLamports, tokensSent, tokensReceived, state: after, graduated,
          };
        }
        const current = await findQuote(this.options.db, quote.id);
        // Committed already, by the worker that settles trades whose process seemed gone (a slow send): done.
        if (current?.status === 'executed' && current.signature === result.signature) return null;
        if (current?.status !== 'executing') throw new Error(`Quote ${quote.id} is ${current?.status} at commit`);
      }
      throw new Error(`Could not commit trade ${result.signature}: the pool kept changing`);
    });
    if (!event) {
      // One statement stamped the quote settled and, if this trade completed the curve, the pool graduated.
      const [settled, { pool }] = [await findQuote(this.options.db, quote.id), await this.read(quote.mint, true)];
      const graduated = pool.graduatedAt !== null && pool.graduatedAt.getTime() === settled?.settledAt?.getTime();
      return { transactionSignature: result.signature, expectedOutput: quote.expectedOutput, quoteId: quote.id, side, graduated };
    }
    await this.notify(this.options.onTrade, event);
    if (event.graduated) await this.notify(this.options.onGraduated, event);
    return { transactionSignature: result.signature, expectedOutput: quote.expectedOutput, quoteId: quote.id, side, graduated: event.graduated };
  }

  /** A claimed quote that did not land: its reservation stops counting. */
  private release(quote: QuoteRow, signature: string | null, error: string): Promise<unknown> {
    return this.book.run(quote.mint, async () => {
      const version = this.cache.get(quote.mint)?.pool.version ?? -1;
      const next = await releaseQuote(this.options.db, quote, signature, error, this.now());
      this.wrote(quote.mint, version, next, (book) => { book.live = book.live.filter((q) => q.id !== quote.id); });
      this.options.observer?.ended([quote.id]);
    });
  }

  /**
   * The quote watch's release: these open quotes of `mint` are no longer backed by their
   * wallet. They stop reserving at once, here and (through the pool's version) in every
   * process; one claimed meanwhile is executing and is left alone. Returns the ids released.
   */
  releaseUnbacked(mint: string, ids: string[]): Promise<string[]> {
    return this.book.run(mint, async () => {
      const version = this.cache.get(mint)?.pool.version ?? -1;
      const { released, version: next } = await releaseUnbacked(this.options.db, mint, ids, this.now());
      this.wrote(mint, version, next, (book) => { book.live = book.live.filter((q) => !released.includes(q.id)); });
      this.options.observer?.ended(released);
      return released;
    });
  }

  private async notify(callback: ((event: TradeEvent) => void | Promise<void>) | undefined, event: TradeEvent) {
    try {
      await callback?.(event);
    } catch (err) {
      // The trade is on chain and committed: a listener's failure must not turn it into an error.
      this.options.onCallbackError?.(err);
    }
  }

  /** A message we did not build: altered if its memo names one of our quotes, else foreign. */
  private async alteredOrUnknown(message: Buffer): Promise<string> {
    const quoteId = quoteIdInMessage(message);
    if (!quoteId) return TRADE_ERRORS.unknown;
    return await findQuote(this.options.db, quoteId) ? TRADE_ERRORS.altered : TRADE_ERRORS.unknown;
  }
}

function jsonValue(value: unknown): unknown {
  return JSON.parse(jsonText(value)) as unknown;
}

function jsonText(value: unknown): string {
  return JSON.stringify(value, (_, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)) ?? 'null';
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Keypair, LAMPORTS_PER_SOL, SystemProgram, Transaction } from '@solana/web3.js';
import { TOKEN_2022_PROGRAM_ID, createTransferCheckedWithFeeInstruction } from '@solana/spl-token';
import {
  CURVE_TOKENS_FOR_SALE, costToComplete, expectedSolForSell, expectedTokensForBuy, initialCurveState, quoteBuy, type CurveState,
} from '../../core/curve';
import { applyTrade, tokenAccountOf } from '../chain/curve';
import type { Database } from '../db/client';
import { curvePools, curveQuotes, curveTrades } from '../db/schema';
import { createTestDatabase } from '../testing/db';
import { TRADE_ERRORS, type SendResult, type TradeEvent } from './quoteBook';
import { createTestMarket, signAsWallet, signFast, type TestMarket } from './testing/market';

const SOL = BigInt(LAMPORTS_PER_SOL);
const TX_FEE = 10_000n; // two signatures
let database: Database;
let dataDir: string;
let cleanup: () => Promise<void>;

beforeAll(async () => { ({ database, dataDir, cleanup } = await createTestDatabase()); });
afterAll(async () => { await cleanup(); });

const market = (options: Parameters<typeof createTestMarket>[0]['book'] = {}) =>
  createTestMarket({ db: database.db, dataDir, book: options });
const wallet = (k: Keypair) => k.publicKey.toBase58();

async function quoteRow(id: string) {
  const [row] = await database.db.select().from(curveQuotes).where(eq(curveQuotes.id, id));
  return row!;
}

async function expectInvariant(m: TestMarket): Promise<CurveState> {
  const state = await m.book.committedState(m.mint);
  expect(m.poolHoldings()).toEqual({ sol: state.realSolReserves, tokens: state.realTokenReserves + state.lockedTokenReserves });
  return state;
}

describe('trading on the curve against a real ledger', () => {
  it('buys: the trader holds expectedTokens after the 6% fee and pays exactly the quoted SOL', async () => {
    const m = await market();
    const trader = m.trader(10);
    const before = m.ledger.balance(trader.publicKey);
    const q = await m.book.buildBuyQuote({ mint: m.mint, trader: wallet(trader), solIn: SOL, slippageBps: 500 });
    expect(q.expectedTokens).toBe(expectedTokensForBuy(initialCurveState(1), SOL));
    expect(q.solUsed).toBe(SOL);
    expect(q.transferFee).toBe(q.tokensOut - q.expectedTokens);
    expect(q.expiresAt.getTime() - (await quoteRow(q.quoteId)).createdAt.getTime()).toBe(30_000);

    const result = await m.book.execute(signAsWallet(q.transactionBase64, trader));
    expect(result).toMatchObject({ expectedOutput: q.expectedTokens, quoteId: q.quoteId, side: 'buy', graduated: false });
    expect(m.tokenBalance(trader.publicKey)).toBe(q.expectedTokens);
    expect(m.withheld(trader.publicKey)).toBe(q.transferFee);
    const accountRent = m.ledger.account(tokenAccountOf(m.mintKey, trader.publicKey))!.lamports;
    expect(before - m.ledger.balance(trader.publicKey)).toBe(q.solUsed + TX_FEE + accountRent);
    const state = await expectInvariant(m);
    expect(state).toEqual(quoteBuy(initialCurveState(1), SOL).newState);

    const [trade] = await database.db.select().from(curveTrades).where(eq(curveTrades.signature, result.transactionSignature));
    expect(trade).toMatchObject({
      mint: m.mint, quoteId: q.quoteId, side: 'buy', wallet: wallet(trader), solLamports: SOL,
      tokensSent: q.tokensOut, tokensReceived: q.expectedTokens, realSolAfter: SOL,
    });
    expect(Number(trade!.price)).toBeCloseTo(Number(SOL) / Number(q.tokensOut), 15);
    expect((await quoteRow(q.quoteId))).toMatchObject({ status: 'executed', signature: result.transactionSignature });
  });

  it('sells: SOL out exactly as quoted, the pool account withholds the fee', async () => {
    const m = await market();
    const trader = m.trader(10);
    const buy = await m.book.buildBuyQuote({ mint: m.mint, trader: wallet(trader), solIn: 2n * SOL });
    await m.book.execute(signAsWallet(buy.transactionBase64, trader));
    const held = m.tokenBalance(trader.publicKey);
    const committed = await m.book.committedState(m.mint);

    const sell = await m.book.buildSellQuote({ mint: m.mint, trader: wallet(trader), tokens: held / 2n });
    expect(sell.expectedSOL).toBe(expectedSolForSell(committed, held / 2n));
    const solBefore = m.ledger.balance(trader.publicKey);
    const result = await m.book.execute(signAsWallet(sell.transactionBase64, trader));
    expect(result.expectedOutput).toBe(sell.expectedSOL);
    expect(m.ledger.balance(trader.publicKey) - solBefore).toBe(sell.expectedSOL - TX_FEE);
    expect(m.tokenBalance(trader.publicKey)).toBe(held - held / 2n);
    expect(m.withheld(m.pool)).toBe(sell.transferFee);
    expect(sell.transferFee).toBeGreaterThan(0n);
    await expectInvariant(m);
  });

  it('buys to graduation in one locked step, then trades on the graduated pool', async () => {
    const graduations: TradeEvent[] = [];
    const m = await market({ onGraduated: (event) => { graduations.push(event); } });
    const whale = m.trader(40);
    const need = costToComplete(initialCurveState(1));
    const q = await m.book.buildBuyQuote({ mint: m.mint, trader: wallet(whale), solIn: 30n * SOL });
    // Only what completes the curve is charged, not the whole offer.
    expect(q.solUsed).toBe(need);
    const result = await m.book.execute(signAsWallet(q.transactionBase64, whale));
    expect(result.graduated).toBe(true);
    expect(m.tokenBalance(whale.publicKey)).toBe(q.expectedTokens);
    const state = await expectInvariant(m);
    expect(state.complete).toBe(true);
    expect(state.realSolReserves).toBeGreaterThanOrEqual(20n * SOL);
    const [row] = await database.db.select().from(curvePools).where(eq(curvePools.mint, m.mint));
    expect(row!.graduatedAt).toBeInstanceOf(Date);
    // Building, claiming and committing the quote each moved the version on.
    expect(row!.version).toBe(3);
    expect(graduations).toHaveLength(1);
    expect(graduations[0]).toMatchObject({ mint: m.mint, signature: result.transactionSignature, graduated: true });

    const late = m.trader(10);
    const after = await m.book.buildBuyQuote({ mint: m.mint, trader: wallet(late), solIn: SOL });
    expect(after.expectedTokens).toBe(expectedTokensForBuy(state, SOL));
    await m.book.execute(signAsWallet(after.transactionBase64, late));
    expect(m.tokenBalance(late.publicKey)).toBe(after.expectedTokens);
    await expectInvariant(m);
    const sell = await m.book.buildSellQuote({ mint: m.mint, trader: wallet(whale), tokens: m.tokenBalance(whale.publicKey) / 3n });
    const solBefore = m.ledger.balance(whale.publicKey);
    await m.book.execute(signAsWallet(sell.transactionBase64, whale));
    expect(m.ledger.balance(whale.publicKey) - solBefore).toBe(sell.expectedSOL - TX_FEE);
    const final = await expectInvariant(m);
    expect(final.complete).toBe(true);
    expect(graduations).toHaveLength(1);
  });

  it('honours two quotes executed in the opposite order to the one they were built in', async () => {
    const m = await market();
    const [a, b] = [m.trader(10), m.trader(10)];
    const qa = await m.book.buildBuyQuote({ mint: m.mint, trader: wallet(a), solIn: 3n * SOL });
    const qb = await m.book.buildBuyQuote({ mint: m.mint, trader: wallet(b), solIn: 3n * SOL });
    const afterA = quoteBuy(initialCurveState(1), 3n * SOL).newState;
    // B is priced after A's reservation.
    expect(qb.expectedTokens).toBe(expectedTokensForBuy(afterA, 3n * SOL));
    expect(qb.expectedTokens).toBeLessThan(qa.expectedTokens);

    await m.book.execute(signAsWallet(qb.transactionBase64, b));
    await expectInvariant(m);
    await m.book.execute(signAsWallet(qa.transactionBase64, a));
    expect(m.tokenBalance(a.publicKey)).toBe(qa.expectedTokens);
    expect(m.tokenBalance(b.publicKey)).toBe(qb.expectedTokens);
    const state = await expectInvariant(m);
    expect(state).toEqual(quoteBuy(afterA, 3n * SOL).newState);
  });

  it('never promises more tokens than remain: reservations up to sell-out, then buys wait until it lands', async () => {
    const graduations: TradeEvent[] = [];
    const m = await market({ onGraduated: (event) => { graduations.push(event); } });
    const [a, b, c] = [m.trader(30), m.trader(30), m.trader(5)];
    const qa = await m.book.buildBuyQuote({ mint: m.mint, trader: wallet(a), solIn: 15n * SOL });
    const qb = await m.book.buildBuyQuote({ mint: m.mint, trader: wallet(b), solIn: 15n * SOL });
    // B gets exactly what A's reservation left on the curve, and pays only what completes it.
    expect(qa.tokensOut + qb.tokensOut).toBe(CURVE_TOKENS_FOR_SALE);
    expect(qa.solUsed + qb.solUsed).toBeGreaterThanOrEqual(20n * SOL);
    expect(qb.solUsed).toBeLessThan(15n * SOL);
    await expect(m.book.buildBuyQuote({ mint: m.mint, trader: wallet(c), solIn: SOL }))
      .rejects.toMatchObject({ statusCode: 409, message: TRADE_ERRORS.completing });

    // Executed out of order: B alone does not complete the curve, A's landing does.
    expect((await m.book.execute(signAsWallet(qb.transactionBase64, b))).graduated).toBe(false);
    await expectInvariant(m);
    expect((await m.book.execute(signAsWallet(qa.transactionBase64, a))).graduated).toBe(true);
    const state = await expectInvariant(m);
    expect(state.complete).toBe(true);
    expect(graduations).toHaveLength(1);
    expect(m.tokenBalance(a.publicKey)).toBe(qa.expectedTokens);
    expect(m.tokenBalance(b.publicKey)).toBe(qb.expectedTokens);
    const late = await m.book.buildBuyQuote({ mint: m.mint, trader: wallet(c), solIn: SOL });
    await m.book.execute(signAsWallet(late.transactionBase64, c));
    expect(m.tokenBalance(c.publicKey)).toBe(late.expectedTokens);
    await expectInvariant(m);
  });

  it('refuses an expired quote with 409, signs nothing, and releases its reservation', async () => {
    const m = await market();
    const trader = m.trader(10);
    const q = await m.book.buildBuyQuote({ mint: m.mint, trader: wallet(trader), solIn: 5n * SOL });
    const signed = signAsWallet(q.transactionBase64, trader);
    m.advanceClock(30_000);
    await expect(m.book.execute(signed)).rejects.toMatchObject({ statusCode: 409, message: 'Quote expired, please try again' });
    expect(m.signerCalls()).toBe(0);
    expect(m.tokenBalance(trader.publicKey)).toBe(0n);
    // Priced as if the expired reservation never existed (for anyone: another trader here).
    const other = m.trader(10);
    const again = await m.book.buildBuyQuote({ mint: m.mint, trader: wallet(other), solIn: 5n * SOL });
    expect(again.expectedTokens).toBe(q.expectedTokens);
    expect(await m.book.expireStale()).toBe(1);
    expect((await quoteRow(q.quoteId)).status).toBe('expired');
    await m.book.execute(signAsWallet(again.transactionBase64, other));
    await expectInvariant(m);
  });

  it('re-checks the wallet at execute (a change no watch has seen yet): an unbacked quote is released unsent', async () => {
    const m = await market();
    const trader = m.trader(3);
    const q = await m.book.buildBuyQuote({ mint: m.mint, trader: wallet(trader), solIn: 2n * SOL });
    const drain = new Transaction({ feePayer: trader.publicKey, recentBlockhash: m.ledger.blockhash() })
      .add(SystemProgram.transfer({ fromPubkey: trader.publicKey, toPubkey: Keypair.generate().publicKey, lamports: 2n * SOL }));
    drain.sign(trader);
    m.ledger.send(drain);
    await expect(m.book.execute(signAsWallet(q.transactionBase64, trader)))
      .rejects.toMatchObject({ statusCode: 400, message: TRADE_ERRORS.insufficientSol });
    expect(m.signerCalls()).toBe(0);
    expect(await quoteRow(q.quoteId)).toMatchObject({ status: 'failed', signature: null });
    await expectInvariant(m);
  });

  it('caps live quotes per wallet: a new one of the same mint and side replaces the last, others count', async () => {
    const m = await market({ maxLiveQuotesPerWallet: 1 });
    const trader = m.trader(10);
    const bought = await m.book.buildBuyQuote({ mint: m.mint, trader: wallet(trader), solIn: SOL });
    await m.book.execute(signAsWallet(bought.transactionBase64, trader));
    const first = await m.book.buildBuyQuote({ mint: m.mint, trader: wallet(trader), solIn: SOL });
    const second = await m.book.buildBuyQuote({ mint: m.mint, trader: wallet(trader), solIn: SOL });
    expect((await quoteRow(first.quoteId)).status).toBe('expired');
    // Priced as if the replaced quote had never been reserved.
    expect(second.expectedTokens).toBe(first.expectedTokens);
    await expect(m.book.execute(signAsWallet(first.transactionBase64, trader))).rejects.toMatchObject({ statusCode: 409 });
    await expect(m.book.buildSellQuote({ mint: m.mint, trader: wallet(trader), tokens: 1_000n * 10n ** 9n }))
      .rejects.toMatchObject({ statusCode: 429, message: TRADE_ERRORS.tooManyQuotes });
    await m.book.execute(signAsWallet(second.transactionBase64, trader));
    await m.book.buildSellQuote({ mint: m.mint, trader: wallet(trader), tokens: 1_000n * 10n ** 9n });
    await expectInvariant(m);
  });

  it('refuses a replayed execute, also when both arrive at once', async () => {
    const m = await market();
    const trader = m.trader(10);
    const q = await m.book.buildBuyQuote({ mint: m.mint, trader: wallet(trader), solIn: SOL });
    const signed = signAsWallet(q.transactionBase64, trader);
    await m.book.execute(signed);
    await expect(m.book.execute(signed)).rejects.toMatchObject({ statusCode: 409, message: 'Quote already executed' });

    const q2 = await m.book.buildBuyQuote({ mint: m.mint, trader: wallet(trader), solIn: SOL });
    const signed2 = signAsWallet(q2.transactionBase64, trader);
    const outcomes = await Promise.allSettled([m.book.execute(signed2), m.book.execute(signed2)]);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    expect(outcomes.find((o) => o.status === 'rejected')).toMatchObject({ reason: { statusCode: 409, message: 'Quote already executed' } });
    expect(m.tokenBalance(trader.publicKey)).toBe(q.expectedTokens + q2.expectedTokens);
    expect(await database.db.$count(curveTrades, eq(curveTrades.mint, m.mint))).toBe(2);
    await expectInvariant(m);
  });

  it('with its mint named (as the trading API names it), an execute claims in one statement and refuses exactly as without', async () => {
    const m = await market();
    const trader = m.trader(10);
    const build = () => m.book.buildBuyQuote({ mint: m.mint, trader: wallet(trader), solIn: SOL });
    const q = await build();
    await expect(m.book.execute(q.transactionBase64, m.mint)).rejects.toMatchObject({ statusCode: 400, message: TRADE_ERRORS.unsigned });
    const signed = signAsWallet(q.transactionBase64, trader);
    const outcomes = await Promise.allSettled([m.book.execute(signed, m.mint), m.book.execute(signed, m.mint)]);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    expect(outcomes.find((o) => o.status === 'rejected')).toMatchObject({ reason: { statusCode: 409, message: TRADE_ERRORS.used } });
    await expect(m.book.execute(signed, m.mint)).rejects.toMatchObject({ statusCode: 409, message: TRADE_ERRORS.used });

    const late = await build();
    m.advanceClock(30_000);
    await expect(m.book.execute(signAsWallet(late.transactionBase64, trader), m.mint)).rejects.toMatchObject({ statusCode: 409, message: TRADE_ERRORS.expired });
    // Another mint named: the long way finds the quote by its message and executes it on its own mint.
    const other = await market();
    const q2 = await build();
    await m.book.execute(signAsWallet(q2.transactionBase64, trader), other.mint);
    expect(m.tokenBalance(trader.publicKey)).toBe(q.expectedTokens + q2.expectedTokens);
    expect(await database.db.$count(curveTrades, eq(curveTrades.mint, m.mint))).toBe(2);
    await expectInvariant(m);
  });

  it('refuses tampered, foreign and unsigned transactions and signs nothing', async () => {
    const m = await market();
    const [trader, thief] = [m.trader(10), m.trader(1)];
    const q = await m.book.buildBuyQuote({ mint: m.mint, trader: wallet(trader), solIn: SOL });
    const original = Transaction.from(Buffer.from(q.transactionBase64, 'base64'));
    const tamper = (edit: (tx: Transaction) => void, signers: Keypair[] = [trader]) => {
      const tx = Transaction.from(Buffer.from(q.transactionBase64, 'base64'));
      edit(tx);
      tx.partialSign(...signers);
      return tx.serialize({ requireAllSignatures: false, verifySignatures: false }).toString('base64');
    };
    const buyIx = (tokens: bigint, to = trader.publicKey) => createTransferCheckedWithFeeInstruction(
      m.poolTokenAccount, m.mintKey, tokenAccountOf(m.mintKey, to), m.pool, tokens, 9,
      (tokens * 600n + 9_999n) / 10_000n, [], TOKEN_2022_PROGRAM_ID);
    const altered = { statusCode: 400, message: TRADE_ERRORS.altered };

    await expect(m.book.execute(tamper((tx) => { tx.instructions[2] = buyIx(q.tokensOut * 2n); }))).rejects.toMatchObject(altered);
    await expect(m.book.execute(tamper((tx) => { tx.instructions[2] = buyIx(q.tokensOut, thief.publicKey); }))).rejects.toMatchObject(altered);
    await expect(m.book.execute(tamper((tx) => {
      tx.add(SystemProgram.transfer({ fromPubkey: m.pool, toPubkey: thief.publicKey, lamports: SOL }));
    }))).rejects.toMatchObject(altered);
    await expect(m.book.execute(tamper((tx) => { tx.feePayer = thief.publicKey; }, [thief, trader]))).rejects.toMatchObject(altered);
    // Same amounts, rebuilt without our memo: not ours at all.
    const foreign = new Transaction({ feePayer: trader.publicKey, recentBlockhash: original.recentBlockhash! })
      .add(...original.instructions.slice(0, 3));
    foreign.partialSign(trader);
    await expect(m.book.execute(foreign.serialize({ requireAllSignatures: false }).toString('base64')))
      .rejects.toMatchObject({ statusCode: 400, message: 'Unknown transaction: not a quote built by this server' });
    // The quote's own message, unsigned or signed by someone else.
    await expect(m.book.execute(q.transactionBase64)).rejects.toMatchObject({ statusCode: 400, message: TRADE_ERRORS.unsigned });
    await expect(m.book.execute(signFast(q.transactionBase64, thief))).rejects.toMatchObject({ statusCode: 400, message: TRADE_ERRORS.unsigned });
    await expect(m.book.execute('not a transaction')).rejects.toMatchObject({ statusCode: 400, message: TRADE_ERRORS.invalid });

    expect(m.signerCalls()).toBe(0);
    expect((await quoteRow(q.quoteId)).status).toBe('open');
    expect(m.ledger.balance(thief.publicKey)).toBe(SOL);
    // The untouched quote still executes.
    await m.book.execute(signAsWallet(q.transactionBase64, trader));
    expect(m.tokenBalance(trader.publicKey)).toBe(q.expectedTokens);
    await expectInvariant(m);
  });

  it('releases the reservation of a trade that fails on chain', async () => {
    // A blockhash the chain does not know (as one too old would be): the transaction fails.
    const m = await market({ latestBlockhash: () => Keypair.generate().publicKey.toBase58() });
    const trader = m.trader(10);
    const q = await m.book.buildBuyQuote({ mint: m.mint, trader: wallet(trader), solIn: SOL });
    await expect(m.book.execute(signAsWallet(q.transactionBase64, trader)))
      .rejects.toMatchObject({ statusCode: 400, message: 'Transaction failed' });
    expect((await quoteRow(q.quoteId)).status).toBe('failed');
    expect(await m.book.committedState(m.mint)).toEqual(initialCurveState(1));
    expect(await m.book.reservedState(m.mint, 'buy')).toEqual(initialCurveState(1));
    await expectInvariant(m);
  });

  it('keeps the reservation of a send whose outcome is unknown until it is reconciled', async () => {
    let landed: SendResult | undefined;
    const m: TestMarket = await market({
      // The transaction lands, but the sender loses the answer (a timeout on a real cluster).
      send: async (wire) => { landed = await m.send(wire); throw new Error('confirmation timed out'); },
    });
    const trader = m.trader(10);
    const q = await m.book.buildBuyQuote({ mint: m.mint, trader: wallet(trader), solIn: SOL });
    await expect(m.book.execute(signAsWallet(q.transactionBase64, trader))).rejects.toThrow('confirmation timed out');
    expect((await quoteRow(q.quoteId)).status).toBe('executing');
    // Still reserved: the next buy is priced after it.
    expect(await m.book.reservedState(m.mint, 'buy')).toEqual(quoteBuy(initialCurveState(1), SOL).newState);
    const result = await m.book.reconcile(q.quoteId, landed!);
    expect(result.expectedOutput).toBe(q.expectedTokens);
    expect(m.tokenBalance(trader.publicKey)).toBe(q.expectedTokens);
    await expectInvariant(m);
    await expect(m.book.reconcile(q.quoteId, landed!)).rejects.toMatchObject({ statusCode: 409 });
  });

  it('keeps the invariant with 20 traders trading at once, and never executes a quote twice', async () => {
    const violations: string[] = [];
    const initialK = (() => { const s = initialCurveState(1); return s.virtualSolReserves * s.virtualTokenReserves; })();
    let trades = 0;
    const m: TestMarket = await market({
      // Runs right after each trade is committed, before the next send of this pool.
      onTrade: (event) => {
        trades++;
        if (!m.invariantHolds(event.state)) violations.push(`after ${event.signature}: ${JSON.stringify(m.poolHoldings(), (_, v: unknown) => String(v))}`);
        if (!event.state.complete && event.state.virtualSolReserves * event.state.virtualTokenReserves < initialK) violations.push('k fell');
      },
    });
    const traders = Array.from({ length: 20 }, () => m.trader(5));
    const bought = await Promise.all(traders.map(async (t, i) => {
      const q = await m.book.buildBuyQuote({ mint: m.mint, trader: wallet(t), solIn: SOL / 10n + BigInt(i) * 17_000_000n });
      const signed = signAsWallet(q.transactionBase64, t);
      // Every wallet submits twice at once: exactly one may go through.
      const outcomes = await Promise.allSettled([m.book.execute(signed), m.book.execute(signed)]);
      expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
      return q;
    }));
    traders.forEach((t, i) => {
      expect(m.tokenBalance(t.publicKey)).toBe(bought[i]!.expectedTokens);
      expect(m.withheld(t.publicKey)).toBe(bought[i]!.transferFee);
    });

    // Then half sell part of what they hold while the other half buy more.
    let sellFees = 0n;
    await Promise.all(traders.map(async (t, i) => {
      const before = m.tokenBalance(t.publicKey);
      if (i % 2 === 0) {
        const q = await m.book.buildSellQuote({ mint: m.mint, trader: wallet(t), tokens: before / 2n });
        const solBefore = m.ledger.balance(t.publicKey);
        await m.book.execute(signAsWallet(q.transactionBase64, t));
        expect(m.ledger.balance(t.publicKey) - solBefore).toBe(q.expectedSOL - TX_FEE);
        sellFees += q.transferFee;
      } else {
        const q = await m.book.buildBuyQuote({ mint: m.mint, trader: wallet(t), solIn: SOL / 5n });
        await m.book.execute(signAsWallet(q.transactionBase64, t));
        expect(m.tokenBalance(t.publicKey)).toBe(before + q.expectedTokens);
        expect(m.withheld(t.publicKey)).toBe(bought[i]!.transferFee + q.transferFee);
      }
    }));
    expect(m.withheld(m.pool)).toBe(sellFees);
    expect(violations).toEqual([]);
    expect(trades).toBe(40);
    await expectInvariant(m);
    const executed = await database.db.select().from(curveQuotes).where(eq(curveQuotes.mint, m.mint));
    expect(executed.filter((q) => q.status === 'executed')).toHaveLength(40);
    const rows = await database.db.select().from(curveTrades).where(eq(curveTrades.mint, m.mint));
    expect(new Set(rows.map((r) => r.quoteId)).size).toBe(40);
    expect(new Set(rows.map((r) => r.signature)).size).toBe(40);
  });

  it('stays correct with two server processes (two books, no shared locks or cache) on one database', async () => {
    const m = await market();
    const books = [m.book, m.newBook()];
    const traders = Array.from({ length: 12 }, () => m.trader(5));
    const quotes = await Promise.all(traders.map(async (t, i) => {
      const book = books[i % 2]!;
      const q = await book.buildBuyQuote({ mint: m.mint, trader: wallet(t), solIn: SOL / 4n + BigInt(i) * 1_000_000n });
      const signed = signAsWallet(q.transactionBase64, t);
      // The same signed quote reaches both processes: one executes it, the other refuses.
      const outcomes = await Promise.allSettled([books[0]!.execute(signed), books[1]!.execute(signed)]);
      expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
      return q;
    }));
    traders.forEach((t, i) => { expect(m.tokenBalance(t.publicKey)).toBe(quotes[i]!.expectedTokens); });
    const state = await expectInvariant(m);
    const initial = initialCurveState(1);
    expect(state.virtualSolReserves * state.virtualTokenReserves).toBeGreaterThanOrEqual(initial.virtualSolReserves * initial.virtualTokenReserves);
    expect(await database.db.$count(curveTrades, eq(curveTrades.mint, m.mint))).toBe(12);
  });

  it("a release by one process's watch is seen at once by another process's cached book, and its execute there is refused", async () => {
    const m = await market();
    const other = m.newBook();
    const [attacker, first, second] = [m.trader(10), m.trader(10), m.trader(10)];
    const hoard = await m.book.buildBuyQuote({ mint: m.mint, trader: wallet(attacker), solIn: 5n * SOL });
    // The other process reads (and caches) the book with the attacker's quote in it.
    const early = await other.buildBuyQuote({ mint: m.mint, trader: wallet(first), solIn: SOL / 10n });
    expect(await m.book.releaseUnbacked(m.mint, [hoard.quoteId])).toEqual([hoard.quoteId]);
    // Its cached version is stale now: it re-reads, and prices after the first honest quote's amounts only.
    const late = await other.buildBuyQuote({ mint: m.mint, trader: wallet(second), solIn: SOL / 10n });
    const afterEarly = applyTrade(initialCurveState(1), { side: 'buy', solLamports: early.solUsed, poolTokens: early.tokensOut });
    expect(late.expectedTokens).toBe(expectedTokensForBuy(afterEarly, SOL / 10n));
    await expect(other.execute(signAsWallet(hoard.transactionBase64, attacker)))
      .rejects.toMatchObject({ statusCode: 409, message: TRADE_ERRORS.released });
    expect(m.signerCalls()).toBe(0);
  });

  it('never releases a quote being executed: the release finds it claimed and leaves it to its send', async () => {
    let open!: () => void;
    const gate = new Promise<void>((resolve) => { open = resolve; });
    const m: TestMarket = await market({ send: async (wire) => { await gate; return m.send(wire); } });
    const trader = m.trader(10);
    const q = await m.book.buildBuyQuote({ mint: m.mint, trader: wallet(trader), solIn: SOL });
    const executing = m.book.execute(signAsWallet(q.transactionBase64, trader));
    await expect.poll(async () => (await quoteRow(q.quoteId)).status).toBe('executing');
    expect(await m.book.releaseUnbacked(m.mint, [q.quoteId])).toEqual([]);
    open();
    expect((await executing).quoteId).toBe(q.quoteId);
    expect((await quoteRow(q.quoteId)).status).toBe('executed');
    await expectInvariant(m);
  });
});

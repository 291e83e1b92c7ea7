// The audit's hoarding attack, through HTTP on the product's own ledger: one wallet quotes,
// hands its SOL (or tokens) to the next, which quotes again, and so on. The quote watch
// releases each quote the moment its wallet stops backing it, so the reservations never
// exceed what the holders hold and an honest buyer is priced as if the attacker were absent.
// The per-address share cap is off here (it has its own tests): this is the watch alone.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, gt } from 'drizzle-orm';
import { Keypair, PublicKey, SystemProgram, Transaction } from '@solana/web3.js';
import {
  TOKEN_2022_PROGRAM_ID, createAssociatedTokenAccountIdempotentInstruction, createTransferCheckedWithFeeInstruction, getAssociatedTokenAddressSync,
} from '@solana/spl-token';
import { CAMPAIGN_TAX_BPS } from '../../../core/constants';
import { quoteBuyAfterFee, quoteSellAfterFee } from '../../../core/curve';
import { formatTokenAmount, parseSol, parseTokenAmount } from '../../../core/money';
import { calculateTransferFee, type TransferFee } from '../../../core/tokenFee';
import { tokenAccountOf } from '../../chain/curve';
import { curveQuotes, curveTrades } from '../../db/schema';
import { tradeHooksIdle } from '../../market';
import { createTestApp, type TestApp } from '../../testing/app';
import { TRADE_ERRORS, findCurvePool, stateOfPool } from '../../trading';
import { RELEASED_ERROR } from '../../trading/bookStore';
import { signAsWallet } from '../../trading/testing/market';
import { curveHttp } from './testing/curveHttp';
import { launchCurveMarket, type CurveMarket } from './testing/curveMarket';

const FEE: TransferFee = { transferFeeBasisPoints: CAMPAIGN_TAX_BPS, maximumFee: 2n ** 64n - 1n };
const SIGNATURE_FEE = 5_000n;
const ATTACKER_IP = '10.66.0.1';

let t: TestApp;
beforeAll(async () => { t = await createTestApp({ QUOTES_MAX_CURVE_SHARE_BPS: '10000' }); });
afterAll(async () => {
  await tradeHooksIdle(t.services);
  await t.close();
});

const { post, quote, execute, trade } = curveHttp(() => t.app);

const committed = async (m: CurveMarket) => stateOfPool((await findCurvePool(t.services.db, m.mint))!);
const row = async (id: string) => (await t.services.db.select().from(curveQuotes).where(eq(curveQuotes.id, id)))[0]!;

/** Sends a signed transaction through the product's JSON-RPC over HTTP; it answers once the transaction is durable. */
async function sendOverRpc(tx: Transaction, signer: Keypair): Promise<string> {
  tx.recentBlockhash = t.services.chain.ledger!.latestBlockhash.blockhash;
  tx.feePayer = signer.publicKey;
  tx.sign(signer);
  const res = await post('/api/rpc', {
    jsonrpc: '2.0', id: 1, method: 'sendTransaction', params: [tx.serialize().toString('base64'), { encoding: 'base64' }],
  });
  const body = res.json() as { result?: string; error?: unknown };
  expect(body.error, res.body).toBeUndefined();
  return body.result!;
}

/** Every lamport of `from` (less the fee) to `to`: `from` is left with nothing. */
const moveAllSol = (m: CurveMarket, from: Keypair, to: PublicKey) =>
  sendOverRpc(new Transaction().add(SystemProgram.transfer({ fromPubkey: from.publicKey, toPubkey: to, lamports: m.lamports(from.publicKey) - SIGNATURE_FEE })), from);

async function moveAllTokens(m: CurveMarket, from: Keypair, to: PublicKey) {
  const tokens = m.tokenBalance(from.publicKey);
  const destination = getAssociatedTokenAddressSync(m.mintKey, to, false, TOKEN_2022_PROGRAM_ID);
  await sendOverRpc(new Transaction().add(
    createAssociatedTokenAccountIdempotentInstruction(from.publicKey, destination, to, m.mintKey, TOKEN_2022_PROGRAM_ID),
    createTransferCheckedWithFeeInstruction(
      tokenAccountOf(m.mintKey, from.publicKey), m.mintKey, destination, from.publicKey, tokens, 9, calculateTransferFee(tokens, FEE), [], TOKEN_2022_PROGRAM_ID,
    ),
  ), from);
}

/**
 * The live quotes of this mint and side, checked against what their wallets hold now: each
 * wallet's live quotes spend no more SOL (and, selling, no more tokens) than it has.
 * Returns what they reserve out of the pool (tokens of buys, SOL of sells).
 */
async function reservedWithinHoldings(m: CurveMarket, side: 'buy' | 'sell'): Promise<bigint> {
  const live = await t.services.db.select().from(curveQuotes).where(and(
    eq(curveQuotes.mint, m.mint), eq(curveQuotes.side, side), eq(curveQuotes.status, 'open'), gt(curveQuotes.expiresAt, new Date()),
  ));
  for (const wallet of new Set(live.map((q) => q.traderWallet))) {
    const quotes = live.filter((q) => q.traderWallet === wallet);
    const key = new PublicKey(wallet);
    expect(quotes.reduce((sum, q) => sum + q.traderLamports, 0n), wallet).toBeLessThanOrEqual(m.lamports(key));
    if (side === 'sell') expect(quotes.reduce((sum, q) => sum + q.amountIn, 0n), wallet).toBeLessThanOrEqual(m.tokenBalance(key));
  }
  return live.reduce((sum, q) => sum + q.amountOut, 0n);
}

describe('the quote watch against the wallet shuffle', () => {
  it('five wallets passing the same SOL reserve no more than one of them holds; an honest 0.1 SOL buy keeps its undisturbed price after every hop', async () => {
    const m = await launchCurveMarket(t.services, { ticker: 'SHUF' });
    await trade(m, 'buy', await m.trader(25n), '17'); // 3 SOL left before the 20 SOL curve completes
    const state = await committed(m);
    const undisturbed = quoteBuyAfterFee(state, parseSol('0.1'), FEE).tokensReceived;
    const honest = await m.trader(1n);
    const honestQuote = async () => {
      const res = await quote(m, 'buy', honest, '0.1');
      expect(res.statusCode, res.body).toBe(200);
      return parseTokenAmount(res.json().expectedTokens);
    };

    const wallets = [await m.trader(3n), ...Array.from({ length: 4 }, () => Keypair.generate())];
    const released: { id: string; wallet: Keypair; transactionBase64: string }[] = [];
    for (let i = 0; i < wallets.length; i++) {
      const wallet = wallets[i]!;
      // 2.9 SOL of the 3 the curve has left: the whole wallet, less the fees and the token account's rent.
      const built = await quote(m, 'buy', wallet, '2.9', ATTACKER_IP);
      expect(built.statusCode, built.body).toBe(200);
      // A backed quote does reserve: the honest buyer is priced after it.
      expect(await honestQuote()).toBeLessThan(undisturbed);
      expect(await reservedWithinHoldings(m, 'buy')).toBeGreaterThan(0n);
      if (i === wallets.length - 1) break;

      await moveAllSol(m, wallet, wallets[i + 1]!.publicKey);
      // The transfer is confirmed: the quote it unbacked is already gone, for every reader.
      expect(await honestQuote()).toBe(undisturbed);
      expect(await row(built.json().quoteId)).toMatchObject({ status: 'expired', error: RELEASED_ERROR, signature: null });
      const { amountOut: honestTokens } = (await t.services.db.select().from(curveQuotes)
        .where(and(eq(curveQuotes.traderWallet, honest.publicKey.toBase58()), eq(curveQuotes.status, 'open'))))[0]!;
      expect(await reservedWithinHoldings(m, 'buy')).toBe(honestTokens);
      released.push({ id: built.json().quoteId, wallet, transactionBase64: built.json().transactionBase64 });
    }
    // At the end one wallet holds the SOL and one live 2.9 SOL reservation (the audit got five: 14.985 SOL).
    const attackerQuotes = await t.services.db.select().from(curveQuotes)
      .where(and(eq(curveQuotes.mint, m.mint), eq(curveQuotes.side, 'buy'), eq(curveQuotes.status, 'open')));
    expect(attackerQuotes.filter((q) => q.traderWallet !== honest.publicKey.toBase58()).map((q) => [q.traderWallet, q.amountIn]))
      .toEqual([[wallets[4]!.publicKey.toBase58(), parseSol('2.9')]]);
    await reservedWithinHoldings(m, 'buy');

    // A released quote cannot be executed: a clear 409, nothing signed or sent, the pool untouched.
    const first = released[0]!;
    const pool = m.poolHoldings();
    const transactions = t.services.chain.ledger!.transactionCount;
    const res = await execute(m, signAsWallet(first.transactionBase64, first.wallet));
    expect([res.statusCode, res.json()]).toEqual([409, { error: TRADE_ERRORS.released }]);
    expect(t.services.chain.ledger!.transactionCount).toBe(transactions);
    expect(m.poolHoldings()).toEqual(pool);
    expect(await row(first.id)).toMatchObject({ status: 'expired', signature: null });
    expect(await t.services.db.select().from(curveTrades).where(eq(curveTrades.quoteId, first.id))).toEqual([]);
    expect(await committed(m)).toEqual(state);
  });

  it('tokens passed between wallets back one sell at a time; an honest seller keeps the undisturbed price', async () => {
    const m = await launchCurveMarket(t.services, { ticker: 'TOKS' });
    const first = await m.trader(3n);
    const honest = await m.trader(3n);
    await trade(m, 'buy', first, '2');
    await trade(m, 'buy', honest, '0.5');
    const second = await m.trader(1n); // SOL for the fees; the tokens come from `first`
    const honestTokens = m.tokenBalance(honest.publicKey);
    const undisturbed = quoteSellAfterFee(await committed(m), honestTokens, FEE).solOut;

    const built = await quote(m, 'sell', first, formatTokenAmount(m.tokenBalance(first.publicKey)), ATTACKER_IP);
    expect(built.statusCode, built.body).toBe(200);
    await moveAllTokens(m, first, second.publicKey);
    const honestRes = await quote(m, 'sell', honest, formatTokenAmount(honestTokens));
    expect(honestRes.statusCode, honestRes.body).toBe(200);
    expect(parseSol(honestRes.json().expectedSOL)).toBe(undisturbed);
    expect(await row(built.json().quoteId)).toMatchObject({ status: 'expired', error: RELEASED_ERROR });

    const again = await quote(m, 'sell', second, formatTokenAmount(m.tokenBalance(second.publicKey)), ATTACKER_IP);
    expect(again.statusCode, again.body).toBe(200);
    await reservedWithinHoldings(m, 'sell');
    const executed = await execute(m, signAsWallet(built.json().transactionBase64, first));
    expect([executed.statusCode, executed.json().error]).toEqual([409, TRADE_ERRORS.released]);
  });

  it('a wallet backing only some of its quotes keeps the oldest that fit beside each other and loses the rest', async () => {
    const [a, b, c] = [
      await launchCurveMarket(t.services, { ticker: 'OLDA' }),
      await launchCurveMarket(t.services, { ticker: 'OLDB' }),
      await launchCurveMarket(t.services, { ticker: 'OLDC' }),
    ] as [CurveMarket, CurveMarket, CurveMarket];
    const wallet = await a.trader(3n);
    const ids: string[] = [];
    for (const [m, amount] of [[a, '1'], [b, '1'], [c, '0.5']] as const) {
      const res = await quote(m, 'buy', wallet, amount);
      expect(res.statusCode, res.body).toBe(200);
      ids.push(res.json().quoteId);
    }
    // 1.2 SOL leaves: about 1.8 is left, which backs the first 1 SOL quote and the 0.5 one, not both 1 SOL quotes.
    await sendOverRpc(new Transaction().add(SystemProgram.transfer({ fromPubkey: wallet.publicKey, toPubkey: Keypair.generate().publicKey, lamports: parseSol('1.2') })), wallet);
    const probe = await quote(b, 'buy', await b.trader(1n), '0.01'); // passes the watch's re-check of b
    expect(probe.statusCode, probe.body).toBe(200);
    expect(await Promise.all(ids.map(async (id) => (await row(id)).status))).toEqual(['open', 'expired', 'open']);
    expect((await row(ids[1]!)).error).toBe(RELEASED_ERROR);
  });

  it('never releases a quote being executed: its own trade leaves the wallet\'s other quotes backed', async () => {
    const [m, other] = [await launchCurveMarket(t.services, { ticker: 'EXEA' }), await launchCurveMarket(t.services, { ticker: 'EXEB' })];
    const trader = await m.trader(3n);
    const built = await quote(m, 'buy', trader, '1');
    const kept = await quote(other, 'buy', trader, '1.5');
    expect([built.statusCode, kept.statusCode]).toEqual([200, 200]);
    // While it executes, the trade's own commit takes 1 SOL from the wallet: the quote being
    // executed is not counted against the ~2 SOL left (it would leave only ~1), so the newer
    // 1.5 SOL quote stays backed.
    const done = await execute(m, signAsWallet(built.json().transactionBase64, trader));
    expect(done.statusCode, done.body).toBe(200);
    const probe = await quote(other, 'buy', await other.trader(1n), '0.01');
    expect(probe.statusCode, probe.body).toBe(200);
    expect([(await row(built.json().quoteId)).status, (await row(kept.json().quoteId)).status]).toEqual(['executed', 'open']);
  });

  it('an execute racing the transfer that unbacks it: either the trade lands whole or nothing is sent, never both', async () => {
    const m = await launchCurveMarket(t.services, { ticker: 'RACE' });
    const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
    // Each round starts one side a little later than the other, so the interleavings differ.
    for (const lead of [0, 1, 3, 8, -1, -3, -8]) {
      const trader = await m.trader(2n);
      const built = await quote(m, 'buy', trader, '1.5');
      expect(built.statusCode, built.body).toBe(200);
      const before = await committed(m);
      const pool = m.poolHoldings();
      const transfer = new Transaction().add(SystemProgram.transfer({ fromPubkey: trader.publicKey, toPubkey: Keypair.generate().publicKey, lamports: parseSol('1') }));
      const signed = signAsWallet(built.json().transactionBase64, trader);
      const [res] = await Promise.all([
        sleep(Math.max(0, lead)).then(() => execute(m, signed)),
        // Refused by preflight when the trade took the SOL first: either way the race is run.
        sleep(Math.max(0, -lead)).then(() => sendOverRpc(transfer, trader)).catch(() => null),
      ]);
      const quoteRow = await row(built.json().quoteId);
      const trades = await t.services.db.select().from(curveTrades).where(eq(curveTrades.quoteId, quoteRow.id));
      if (res.statusCode === 200) {
        expect([quoteRow.status, trades.length]).toEqual(['executed', 1]);
      } else {
        expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
        expect(res.statusCode).toBeLessThan(500);
        expect(quoteRow.status).not.toBe('executed');
        expect(trades).toEqual([]);
        expect(m.poolHoldings()).toEqual(pool);
        expect(await committed(m)).toEqual(before);
      }
      expect(m.holdsExactly(await committed(m))).toBe(true);
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Keypair, LAMPORTS_PER_SOL, SystemProgram, Transaction } from '@solana/web3.js';
import { TOKEN_2022_PROGRAM_ID, createTransferCheckedWithFeeInstruction } from '@solana/spl-token';
import { CAMPAIGN_TAX_BPS } from '../../../core/constants';
import { poolTokenBalance } from '../../../core/curve';
import { formatTokenAmount, parseSol, parseTokenAmount } from '../../../core/money';
import { calculateTransferFee } from '../../../core/tokenFee';
import { tokenAccountOf } from '../../chain/curve';
import { campaigns, curveQuotes, userSessions } from '../../db/schema';
import type { AppEvent } from '../../events/hub';
import { tradeHooksIdle } from '../../market';
import { holderBalances, readHolders } from '../../market/holders';
import { createTestApp, type TestApp } from '../../testing/app';
import { signInWallet, testIp } from '../../testing/wallet';
import { TRADE_ERRORS, findCurvePool, stateOfPool } from '../../trading';
import { signAsWallet } from '../../trading/testing/market';
import { launchCurveMarket, type CurveMarket } from './testing/curveMarket';
import { BALANCE_MESSAGES } from './balances';
import { OTHER_TOKEN_MESSAGE } from './trade';

const SOL = BigInt(LAMPORTS_PER_SOL);
const TX_FEE = 10_000n; // two signatures, paid by the trader

let t: TestApp;
// Quotes here take more than 10% of a curve at once: the per-address share cap has its own tests (routes/curve/clientCaps.test.ts).
beforeAll(async () => { t = await createTestApp({ QUOTES_MAX_CURVE_SHARE_BPS: '10000' }); });
afterAll(async () => {
  await tradeHooksIdle(t.services);
  await t.close();
});

const post = (url: string, payload: unknown, remoteAddress = testIp()) => t.app.inject({ method: 'POST', url, payload: payload as object, remoteAddress });
const get = (url: string) => t.app.inject({ method: 'GET', url, remoteAddress: testIp() });

async function buy(m: CurveMarket, trader: Keypair, amount: string) {
  const res = await post(`/api/curve/${m.mint}/buy`, { wallet: trader.publicKey.toBase58(), amount, slippageBps: 500 });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { quoteId: string; expectedTokens: string; transactionBase64: string; expiresAt: string; solAmount: string; transferFee: string };
}

async function sell(m: CurveMarket, trader: Keypair, amount: string) {
  const res = await post(`/api/curve/${m.mint}/sell`, { wallet: trader.publicKey.toBase58(), amount });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { quoteId: string; expectedSOL: string; transactionBase64: string; expiresAt: string; tokenAmount: string; transferFee: string };
}

const execute = (m: CurveMarket, transactionBase64: string) => post(`/api/curve/${m.mint}/execute`, { transactionBase64 });

async function expectInvariant(m: CurveMarket) {
  const state = stateOfPool((await findCurvePool(t.services.db, m.mint))!);
  expect(m.poolHoldings()).toEqual({ sol: state.realSolReserves, tokens: poolTokenBalance(state) });
  return state;
}

const quoteStatus = async (id: string) =>
  (await t.services.db.select({ status: curveQuotes.status }).from(curveQuotes).where(eq(curveQuotes.id, id)))[0]!.status;

describe('POST /api/curve/{mint}/buy, /sell, /execute through HTTP and the ledger', () => {
  it('buys: the trader holds expectedTokens after the 6% fee, withheld in their account; the session records made_trade', async () => {
    const m = await launchCurveMarket(t.services);
    const trader = await m.trader(5n);
    const signedIn = await signInWallet(t.app, trader);
    const before = m.lamports(trader.publicKey);

    const quote = await buy(m, trader, '1');
    expect(quote.solAmount).toBe('1');
    expect(new Date(quote.expiresAt).getTime() - Date.now()).toBeGreaterThan(25_000);
    const held = parseTokenAmount(quote.expectedTokens);
    const fee = parseTokenAmount(quote.transferFee);
    expect(fee).toBe(calculateTransferFee(held + fee, { transferFeeBasisPoints: CAMPAIGN_TAX_BPS, maximumFee: 10n ** 18n }));

    const event = new Promise<AppEvent>((resolve) => {
      const stop = t.services.events.subscribe((e) => { if (e.type === 'curve_trade' && e.mint === m.mint) { stop(); resolve(e); } });
    });
    const res = await execute(m, signAsWallet(quote.transactionBase64, trader));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ transactionSignature: expect.any(String), expectedOutput: quote.expectedTokens, side: 'buy', graduated: false });
    expect(await event).toMatchObject({ side: 'buy', signature: res.json().transactionSignature, wallet: signedIn.wallet, campaignId: m.campaignId });
    expect(m.tokenBalance(trader.publicKey)).toBe(held);
    expect(m.withheld(trader.publicKey)).toBe(fee);
    const rent = m.lamports(tokenAccountOf(m.mintKey, trader.publicKey));
    expect(before - m.lamports(trader.publicKey)).toBe(SOL + TX_FEE + rent);
    await expectInvariant(m);

    await tradeHooksIdle(t.services);
    const [session] = await t.services.db.select().from(userSessions).where(eq(userSessions.walletAddress, signedIn.wallet));
    expect(session).toMatchObject({ tradesMade: 1 });
    expect(session!.actionsTaken).toContain('made_trade');
    const [campaign] = await t.services.db.select().from(campaigns).where(eq(campaigns.tokenAddress, m.mint));
    expect(campaign).toMatchObject({ bondingCurveProgress: '5.00', isBonded: false, cachedVolume24hLamports: SOL });
    expect(campaign!.marketCapLamports).toBeGreaterThan(0n);
    // Holders for lists and cards, from the chain (core/holders.ts): the trader at least; the pool is a platform key, not a holder.
    const { count: holders, circulatingTokens } = await readHolders(t.services, m.mint);
    expect(holders).toBeGreaterThanOrEqual(1);
    // The ledger's mint index answers as its getProgramAccounts (a cluster's way) does.
    expect(await holderBalances({ connection: t.services.chain.connection }, m.mint)).toEqual(await holderBalances(t.services.chain, m.mint));
    expect(campaign).toMatchObject({ holders, cachedHolders: holders, circulatingTokens });
  });

  it('sells: SOL arrives exactly as quoted and the pool account withholds the fee', async () => {
    const m = await launchCurveMarket(t.services);
    const trader = await m.trader(5n);
    const bought = await buy(m, trader, '2');
    expect((await execute(m, signAsWallet(bought.transactionBase64, trader))).statusCode).toBe(200);
    const half = parseTokenAmount(bought.expectedTokens) / 2n;

    const quote = await sell(m, trader, formatTokenAmount(half));
    expect(parseTokenAmount(quote.tokenAmount)).toBe(half);
    const solBefore = m.lamports(trader.publicKey);
    const res = await execute(m, signAsWallet(quote.transactionBase64, trader));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ expectedOutput: quote.expectedSOL, side: 'sell' });
    expect(m.lamports(trader.publicKey) - solBefore).toBe(parseSol(quote.expectedSOL) - TX_FEE);
    expect(m.tokenBalance(trader.publicKey)).toBe(parseTokenAmount(bought.expectedTokens) - half);
    expect(m.withheld(m.pool)).toBe(parseTokenAmount(quote.transferFee));
    await expectInvariant(m);
  });

  it('refuses bad input with 400 and an unknown mint with 404, storing nothing', async () => {
    const m = await launchCurveMarket(t.services);
    const wallet = Keypair.generate().publicKey.toBase58();
    const cases: [unknown, string][] = [
      [{ wallet: 'nope', amount: '1' }, 'Invalid wallet address'],
      [{ wallet, amount: '0' }, 'Enter an amount of SOL greater than 0'],
      [{ wallet, amount: '-1' }, 'Enter an amount of SOL greater than 0'],
      [{ wallet, amount: 'abc' }, 'Enter an amount of SOL greater than 0'],
      [{ wallet, amount: '0.0000000001' }, 'SOL amount has more than 9 decimal places: "0.0000000001"'],
      [{ wallet, amount: '1', slippageBps: 10_001 }, 'slippageBps must be an integer from 0 to 10000'],
      [{ wallet, amount: '1', slippageBps: 1.5 }, 'slippageBps must be an integer from 0 to 10000'],
    ];
    for (const [payload, error] of cases) {
      const res = await post(`/api/curve/${m.mint}/buy`, payload);
      expect([res.statusCode, res.json().error]).toEqual([400, error]);
    }
    const sellRes = await post(`/api/curve/${m.mint}/sell`, { wallet, amount: '0' });
    expect([sellRes.statusCode, sellRes.json().error]).toEqual([400, 'Enter an amount of tokens greater than 0']);
    expect(await t.services.db.$count(curveQuotes, eq(curveQuotes.mint, m.mint))).toBe(0);

    const unknown = Keypair.generate().publicKey.toBase58();
    for (const res of [
      await post(`/api/curve/${unknown}/buy`, { wallet, amount: '1' }),
      await post(`/api/curve/${unknown}/sell`, { wallet, amount: '1' }),
      await post(`/api/curve/${unknown}/execute`, { transactionBase64: 'AAAA' }),
      await get(`/api/curve/${unknown}/progress`),
      await get(`/api/curve/${unknown}/quote?side=buy&amount=1`),
      await get(`/api/campaigns/${unknown}/trades`),
      await get(`/api/campaigns/${unknown}/candles`),
      await get(`/api/campaigns/${unknown}/market`),
    ]) expect([res.statusCode, res.json().error]).toEqual([404, 'Pool not found']);
  });

  it('refuses an expired quote (409) and a replayed one, and signs nothing for them', async () => {
    const m = await launchCurveMarket(t.services);
    const trader = await m.trader(5n);
    const first = await buy(m, trader, '0.5');
    const signed = signAsWallet(first.transactionBase64, trader);
    expect((await execute(m, signed)).statusCode).toBe(200);
    const replay = await execute(m, signed);
    expect([replay.statusCode, replay.json().error]).toEqual([409, TRADE_ERRORS.used]);

    const late = await buy(m, trader, '0.5');
    const realNow = t.services.now;
    t.services.now = () => new Date(Date.now() + 31_000);
    try {
      const res = await execute(m, signAsWallet(late.transactionBase64, trader));
      expect([res.statusCode, res.json().error]).toEqual([409, 'Quote expired, please try again']);
    } finally {
      t.services.now = realNow;
    }
    expect(await quoteStatus(late.quoteId)).toBe('open');
    const state = await expectInvariant(m);
    expect(state.realSolReserves).toBe(SOL / 2n);
  });

  it('refuses tampered, unsigned, foreign and other-token transactions with a 400 naming the problem; the real quote still executes', async () => {
    const m = await launchCurveMarket(t.services);
    const other = await launchCurveMarket(t.services, { ticker: 'OTHER' });
    const trader = await m.trader(5n);
    const attacker = Keypair.generate();
    const quote = await buy(m, trader, '1');
    const holdings = m.poolHoldings();
    const tampered = (change: (tx: Transaction) => void) => {
      const tx = Transaction.from(Buffer.from(quote.transactionBase64, 'base64'));
      change(tx);
      tx.partialSign(trader);
      return tx.serialize({ requireAllSignatures: false, verifySignatures: false }).toString('base64');
    };
    const tokenLeg = (tx: Transaction) => tx.instructions.findIndex((ix) => ix.programId.equals(TOKEN_2022_PROGRAM_ID) && ix.data[0] === 26);
    const withTokenLeg = (tx: Transaction, amount: bigint, fee: bigint, destination = tokenAccountOf(m.mintKey, trader.publicKey)) => {
      tx.instructions[tokenLeg(tx)] = createTransferCheckedWithFeeInstruction(
        tokenAccountOf(m.mintKey, m.pool), m.mintKey, destination, m.pool, amount, 9, fee, [], TOKEN_2022_PROGRAM_ID);
    };
    const gross = parseTokenAmount(quote.expectedTokens) + parseTokenAmount(quote.transferFee);
    const attempts = {
      moreTokens: tampered((tx) => withTokenLeg(tx, gross * 2n, parseTokenAmount(quote.transferFee) * 2n)),
      otherRecipient: tampered((tx) => withTokenLeg(tx, gross, parseTokenAmount(quote.transferFee), tokenAccountOf(m.mintKey, attacker.publicKey))),
      extraInstruction: tampered((tx) => {
        tx.instructions.splice(tx.instructions.length - 1, 0, SystemProgram.transfer({ fromPubkey: m.pool, toPubkey: attacker.publicKey, lamports: SOL }));
      }),
    };
    for (const [what, wire] of Object.entries(attempts)) {
      const res = await execute(m, wire);
      expect([what, res.statusCode, res.json().error]).toEqual([what, 400, TRADE_ERRORS.altered]);
    }
    const unsigned = await execute(m, quote.transactionBase64);
    expect([unsigned.statusCode, unsigned.json().error]).toEqual([400, TRADE_ERRORS.unsigned]);
    const foreignTx = new Transaction({ feePayer: attacker.publicKey, recentBlockhash: t.services.chain.ledger!.latestBlockhash.blockhash })
      .add(SystemProgram.transfer({ fromPubkey: m.pool, toPubkey: attacker.publicKey, lamports: SOL }));
    foreignTx.partialSign(attacker);
    const foreign = await execute(m, foreignTx.serialize({ requireAllSignatures: false }).toString('base64'));
    expect([foreign.statusCode, foreign.json().error]).toEqual([400, TRADE_ERRORS.unknown]);
    const garbage = await execute(m, 'bm90IGEgdHJhbnNhY3Rpb24=');
    expect([garbage.statusCode, garbage.json().error]).toEqual([400, TRADE_ERRORS.invalid]);
    const elsewhere = await post(`/api/curve/${other.mint}/execute`, { transactionBase64: signAsWallet(quote.transactionBase64, trader) });
    expect([elsewhere.statusCode, elsewhere.json().error]).toEqual([400, OTHER_TOKEN_MESSAGE]);

    // Nothing was co-signed or sent: the quote is still open and the pool untouched.
    expect(await quoteStatus(quote.quoteId)).toBe('open');
    expect(m.poolHoldings()).toEqual(holdings);
    expect(m.lamports(attacker.publicKey)).toBe(0n);
    const res = await execute(m, signAsWallet(quote.transactionBase64, trader));
    expect(res.statusCode, res.body).toBe(200);
    expect(m.tokenBalance(trader.publicKey)).toBe(parseTokenAmount(quote.expectedTokens));
    await expectInvariant(m);
  });

  it('builds quotes only for wallets that hold what they offer, and says so when the chain refuses for want of funds', async () => {
    const m = await launchCurveMarket(t.services, { ticker: 'FUNDS' });
    const trader = await m.trader(2n);
    const wallet = trader.publicKey.toBase58();
    const poor = await post(`/api/curve/${m.mint}/buy`, { wallet, amount: '3' });
    expect([poor.statusCode, poor.json().error]).toEqual([400, BALANCE_MESSAGES.sol]);
    const noTokens = await post(`/api/curve/${m.mint}/sell`, { wallet, amount: '1' });
    expect([noTokens.statusCode, noTokens.json().error]).toEqual([400, BALANCE_MESSAGES.tokens]);
    expect(await t.services.db.$count(curveQuotes, eq(curveQuotes.mint, m.mint))).toBe(0);

    // The SOL leaves the wallet between the quote and its execution: the quote watch releases it, execute sends nothing.
    const quote = await buy(m, trader, '1.5');
    const drain = new Transaction({ feePayer: trader.publicKey, recentBlockhash: t.services.chain.ledger!.latestBlockhash.blockhash })
      .add(SystemProgram.transfer({ fromPubkey: trader.publicKey, toPubkey: Keypair.generate().publicKey, lamports: SOL }));
    drain.sign(trader);
    expect((await t.services.chain.ledger!.send(drain.serialize(), { preflight: true })).kind).toBe('landed');
    const failed = await execute(m, signAsWallet(quote.transactionBase64, trader));
    expect([failed.statusCode, failed.json().error]).toEqual([409, TRADE_ERRORS.released]);
    expect(await quoteStatus(quote.quoteId)).toBe('expired');
    const state = await expectInvariant(m);
    expect(state.realSolReserves).toBe(0n);
  });

  it('limits quote building per client address (429)', async () => {
    const m = await launchCurveMarket(t.services, { ticker: 'LIMIT' });
    const ip = testIp();
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) statuses.push((await post(`/api/curve/${m.mint}/buy`, { wallet: 'x', amount: '1' }, ip)).statusCode);
    expect(statuses.slice(0, 60).every((s) => s === 400)).toBe(true);
    const limited = await post(`/api/curve/${m.mint}/sell`, { wallet: 'x', amount: '1' }, ip);
    expect([limited.statusCode, limited.json().error]).toEqual([429, 'Too many requests. Try again later.']);
    expect((await post(`/api/curve/${m.mint}/buy`, { wallet: 'x', amount: '1' })).statusCode).toBe(400);
  });

  it('prices each token on its own live quotes only', async () => {
    const [a, b] = [await launchCurveMarket(t.services, { ticker: 'AAA' }), await launchCurveMarket(t.services, { ticker: 'BBB' })];
    const trader = await a.trader(5n);
    const preview = (await get(`/api/curve/${b.mint}/quote?side=buy&amount=1`)).json();
    await buy(a, trader, '3');
    expect((await get(`/api/curve/${b.mint}/quote?side=buy&amount=1`)).json()).toEqual(preview);
    expect((await buy(b, trader, '1')).expectedTokens).toBe(preview.expectedOutput);
  });

  it('honours two quotes built in one order and executed in the other at their quoted amounts', async () => {
    const m = await launchCurveMarket(t.services);
    const [a, b] = [await m.trader(5n), await m.trader(5n)];
    const first = await buy(m, a, '2');
    const second = await buy(m, b, '2');
    // Priced after the first: the same SOL buys fewer tokens.
    expect(parseTokenAmount(second.expectedTokens)).toBeLessThan(parseTokenAmount(first.expectedTokens));
    expect((await execute(m, signAsWallet(second.transactionBase64, b))).statusCode).toBe(200);
    await expectInvariant(m);
    expect((await execute(m, signAsWallet(first.transactionBase64, a))).statusCode).toBe(200);
    expect(m.tokenBalance(a.publicKey)).toBe(parseTokenAmount(first.expectedTokens));
    expect(m.tokenBalance(b.publicKey)).toBe(parseTokenAmount(second.expectedTokens));
    const state = await expectInvariant(m);
    expect(state.realSolReserves).toBe(4n * SOL);
  });

  it('buys to graduation and past it: progress 100 Bonded, is_bonded set, trading goes on against the constant-product pool', async () => {
    const m = await launchCurveMarket(t.services, { curveType: 1, ticker: 'GRAD' });
    const whale = await m.trader(30n);
    const quote = await buy(m, whale, '25');
    // The completing buy pays what completes the curve, not the whole offer.
    expect(parseSol(quote.solAmount)).toBe(20n * SOL);
    const res = await execute(m, signAsWallet(quote.transactionBase64, whale));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ side: 'buy', graduated: true });
    const state = await expectInvariant(m);
    expect(state.complete).toBe(true);

    const progress = (await get(`/api/curve/${m.mint}/progress`)).json();
    expect(progress).toMatchObject({
      poolId: m.pool.toBase58(), migrationThreshold: { sol: '20', lamports: '20000000000' },
      percentageToMigration: 100, currentSolAmount: '20', isBonded: true, label: 'Bonded',
    });
    expect(progress.progress.quoteReserve).toBe((20n * SOL).toString(16));
    const [campaign] = await t.services.db.select().from(campaigns).where(eq(campaigns.tokenAddress, m.mint));
    expect(campaign).toMatchObject({ isBonded: true, bondingCurveProgress: '100.00' });

    const after = await m.trader(5n);
    const more = await buy(m, after, '1');
    expect((await execute(m, signAsWallet(more.transactionBase64, after))).statusCode).toBe(200);
    expect(m.tokenBalance(after.publicKey)).toBe(parseTokenAmount(more.expectedTokens));
    await expectInvariant(m);
    const back = await sell(m, whale, formatTokenAmount(m.tokenBalance(whale.publicKey) / 10n));
    const sold = await execute(m, signAsWallet(back.transactionBase64, whale));
    expect(sold.statusCode, sold.body).toBe(200);
    const final = await expectInvariant(m);
    expect(final.complete).toBe(true);
    expect((await get(`/api/curve/${m.mint}/progress`)).json()).toMatchObject({ percentageToMigration: 100, label: 'Bonded' });
    await tradeHooksIdle(t.services);
    expect((await t.services.db.select().from(campaigns).where(eq(campaigns.tokenAddress, m.mint)))[0]!.isBonded).toBe(true);
  });
});

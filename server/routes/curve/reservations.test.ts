// The audit's reservation attacks, through HTTP and the ledger: a quote reserves curve
// liquidity, so a wallet may only reserve what it holds, one live quote per mint and side.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { Keypair, Transaction } from '@solana/web3.js';
import {
  TOKEN_2022_PROGRAM_ID, createAssociatedTokenAccountIdempotentInstruction, createTransferCheckedWithFeeInstruction, getAssociatedTokenAddressSync,
} from '@solana/spl-token';
import { CAMPAIGN_TAX_BPS } from '../../../core/constants';
import { quoteBuy, quoteBuyAfterFee, quoteSellAfterFee } from '../../../core/curve';
import { formatTokenAmount, parseSol, parseTokenAmount } from '../../../core/money';
import { calculateTransferFee, type TransferFee } from '../../../core/tokenFee';
import { tokenAccountOf } from '../../chain/curve';
import { curveQuotes } from '../../db/schema';
import { tradeHooksIdle } from '../../market';
import { createTestApp, type TestApp } from '../../testing/app';
import { testIp } from '../../testing/wallet';
import { TRADE_ERRORS, findCurvePool, stateOfPool } from '../../trading';
import { RELEASED_ERROR, REPLACED_ERROR } from '../../trading/bookStore';
import { signAsWallet } from '../../trading/testing/market';
import { launchCurveMarket, type CurveMarket } from './testing/curveMarket';

const FEE: TransferFee = { transferFeeBasisPoints: CAMPAIGN_TAX_BPS, maximumFee: 2n ** 64n - 1n };

let t: TestApp;
// Quotes here take more than 10% of a curve at once: the per-address share cap has its own tests (routes/curve/clientCaps.test.ts).
beforeAll(async () => { t = await createTestApp({ QUOTES_MAX_CURVE_SHARE_BPS: '10000' }); });
afterAll(async () => {
  await tradeHooksIdle(t.services);
  await t.close();
});

const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload, remoteAddress: testIp() });
const quote = (m: CurveMarket, side: 'buy' | 'sell', trader: Keypair, amount: string) =>
  post(`/api/curve/${m.mint}/${side}`, { wallet: trader.publicKey.toBase58(), amount, slippageBps: 500 });

async function trade(m: CurveMarket, side: 'buy' | 'sell', trader: Keypair, amount: string) {
  const built = await quote(m, side, trader, amount);
  expect(built.statusCode, built.body).toBe(200);
  const done = await post(`/api/curve/${m.mint}/execute`, { transactionBase64: signAsWallet(built.json().transactionBase64, trader) });
  expect(done.statusCode, done.body).toBe(200);
}

const committed = async (m: CurveMarket) => stateOfPool((await findCurvePool(t.services.db, m.mint))!);
const quotesOf = (m: CurveMarket, trader: Keypair) => t.services.db.select().from(curveQuotes)
  .where(and(eq(curveQuotes.mint, m.mint), eq(curveQuotes.traderWallet, trader.publicKey.toBase58())));

describe('a wallet reserves at most what it holds', () => {
  it('a 1 SOL wallet cannot make an honest 0.1 SOL buyer wait on a nearly full curve', async () => {
    const m = await launchCurveMarket(t.services, { ticker: 'FULL' });
    await trade(m, 'buy', await m.trader(25n), '17'); // 3 SOL left before the 20 SOL curve completes
    const attacker = await m.trader(1n);
    for (let i = 0; i < 30; i++) {
      const res = await quote(m, 'buy', attacker, '0.9');
      expect(res.statusCode, res.body).toBe(200);
    }
    // Each quote replaced the one before it: one live reservation of 0.9 SOL.
    const rows = await quotesOf(m, attacker);
    expect(rows.filter((q) => q.status === 'open')).toHaveLength(1);
    expect(rows.filter((q) => q.status === 'expired' && q.error === REPLACED_ERROR)).toHaveLength(29);

    const honest = await m.trader(1n);
    const res = await quote(m, 'buy', honest, '0.1');
    expect(res.statusCode, res.body).toBe(200);
    const afterAttacker = quoteBuy(await committed(m), parseSol('0.9')).newState;
    expect(parseTokenAmount(res.json().expectedTokens)).toBe(quoteBuyAfterFee(afterAttacker, parseSol('0.1'), FEE).tokensReceived);

    // The same SOL cannot back a second reservation on another curve either.
    const other = await launchCurveMarket(t.services, { ticker: 'OTHER' });
    const elsewhere = await quote(other, 'buy', attacker, '0.5');
    expect([elsewhere.statusCode, elsewhere.json().error]).toEqual([400, TRADE_ERRORS.insufficientSol]);
    // Nor can a buy larger than the wallet (SOL plus fees and the token account's rent).
    const tooBig = await quote(other, 'buy', honest, '1');
    expect([tooBig.statusCode, tooBig.json().error]).toEqual([400, TRADE_ERRORS.insufficientSol]);
  });

  it("moves another seller's quote by no more than the attacker's own balance could", async () => {
    const m = await launchCurveMarket(t.services, { ticker: 'SELLS' });
    const attacker = await m.trader(3n);
    const seller = await m.trader(3n);
    await trade(m, 'buy', attacker, '1');
    await trade(m, 'buy', seller, '1');
    const held = m.tokenBalance(attacker.publicKey);
    for (let i = 0; i < 6; i++) {
      const res = await quote(m, 'sell', attacker, formatTokenAmount(held));
      expect(res.statusCode, res.body).toBe(200);
    }
    const sellerTokens = m.tokenBalance(seller.publicKey);
    const res = await quote(m, 'sell', seller, formatTokenAmount(sellerTokens));
    expect(res.statusCode, res.body).toBe(200);
    // Exactly as if the attacker's whole balance were one reserved sell.
    const afterAttacker = quoteSellAfterFee(await committed(m), held, FEE).newState;
    expect(parseSol(res.json().expectedSOL)).toBe(quoteSellAfterFee(afterAttacker, sellerTokens, FEE).solOut);
  });

  it('tokens moved away after the quote release it at once: its execute is refused unsent', async () => {
    const m = await launchCurveMarket(t.services, { ticker: 'MOVED' });
    const trader = await m.trader(3n);
    await trade(m, 'buy', trader, '1');
    const held = m.tokenBalance(trader.publicKey);
    const built = await quote(m, 'sell', trader, formatTokenAmount(held));
    expect(built.statusCode, built.body).toBe(200);
    const pool = m.poolHoldings();

    await moveTokens(m, trader, held);
    const res = await post(`/api/curve/${m.mint}/execute`, { transactionBase64: signAsWallet(built.json().transactionBase64, trader) });
    expect([res.statusCode, res.json().error]).toEqual([409, TRADE_ERRORS.released]);
    const [row] = (await quotesOf(m, trader)).filter((q) => q.id === built.json().quoteId);
    expect(row).toMatchObject({ status: 'expired', error: RELEASED_ERROR, signature: null });
    expect(m.poolHoldings()).toEqual(pool);
  });
});

/** The trader sends `tokens` to a fresh wallet (the pool never sees them). */
async function moveTokens(m: CurveMarket, trader: Keypair, tokens: bigint) {
  const ledger = t.services.chain.ledger!;
  const to = Keypair.generate().publicKey;
  const destination = getAssociatedTokenAddressSync(m.mintKey, to, false, TOKEN_2022_PROGRAM_ID);
  const tx = new Transaction({ feePayer: trader.publicKey, recentBlockhash: ledger.latestBlockhash.blockhash }).add(
    createAssociatedTokenAccountIdempotentInstruction(trader.publicKey, destination, to, m.mintKey, TOKEN_2022_PROGRAM_ID),
    createTransferCheckedWithFeeInstruction(
      tokenAccountOf(m.mintKey, trader.publicKey), m.mintKey, destination, trader.publicKey, tokens, 9,
      calculateTransferFee(tokens, FEE), [], TOKEN_2022_PROGRAM_ID,
    ),
  );
  tx.sign(trader);
  const outcome = await ledger.send(tx.serialize(), { preflight: true });
  expect(outcome.kind === 'landed' && outcome.record.err === null, outcome.kind).toBe(true);
}

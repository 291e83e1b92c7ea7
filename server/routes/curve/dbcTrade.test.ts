import { Keypair, Transaction } from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAMPORTS_PER_SOL } from '../../../core/constants';
import { parseTokenAmount } from '../../../core/money';
import { launchDbcCampaign } from '../../curve/testing/dbcCampaign';
import { createTestApp, type TestApp } from '../../testing/app';
import { testIp } from '../../testing/wallet';
import { signAsWallet } from '../../testing/signing';
import { TRADE_ERRORS } from '../../curve/tradeErrors';
import { MAX_BLOCKHASH_AGE } from '../../chain/ledger/programs';
import { NOT_THIS_POOL } from './dbcTrade';

describe('the trade API on a campaign\'s own DBC pool', () => {
  let t: TestApp;
  let mint: string;
  let other: string;
  const trader = Keypair.generate();
  const rival = Keypair.generate();
  const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload, remoteAddress: testIp() });
  const quote = (side: 'buy' | 'sell', who: Keypair, amount: string, slippageBps = 500, token = mint) =>
    post(`/api/curve/${token}/${side}`, { wallet: who.publicKey.toBase58(), amount, slippageBps });
  const execute = (transactionBase64: string, token = mint) => post(`/api/curve/${token}/execute`, { transactionBase64 });

  beforeAll(async () => {
    t = await createTestApp();
    mint = (await launchDbcCampaign(t.services)).mint;
    other = (await launchDbcCampaign(t.services, { form: { ticker: 'tree', name: 'Trees' } })).mint;
    for (const key of [trader, rival]) await t.services.chain.airdrop!(key.publicKey.toBase58(), 30n * LAMPORTS_PER_SOL);
  }, 60_000);
  afterAll(async () => { await t.close(); });

  it('buys and sells through the spec\'s interface, the trader the only signer', async () => {
    const buy = await quote('buy', trader, '1');
    expect(buy.statusCode, buy.body).toBe(200);
    const built = buy.json();
    expect(built).toMatchObject({ solAmount: '1', transferFee: '0', slippageBps: 500 });
    const tx = Transaction.from(Buffer.from(built.transactionBase64, 'base64'));
    expect(tx.signatures.map((s) => s.publicKey.toBase58())).toEqual([trader.publicKey.toBase58()]);

    // Unsigned, or for another token: refused before anything is sent.
    expect((await execute(built.transactionBase64)).json().error).toBe('Transaction is not signed by the trader');
    const signed = signAsWallet(built.transactionBase64, trader);
    const elsewhere = await execute(signed, other);
    expect([elsewhere.statusCode, elsewhere.json().error]).toEqual([400, NOT_THIS_POOL]);

    const done = await execute(signed);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ side: 'buy', expectedOutput: built.expectedTokens, graduated: false });

    const sell = await quote('sell', trader, built.expectedTokens);
    expect(sell.statusCode, sell.body).toBe(200);
    const sold = await execute(signAsWallet(sell.json().transactionBase64, trader));
    expect(sold.json()).toMatchObject({ side: 'sell', expectedOutput: sell.json().expectedSOL });
    expect(parseTokenAmount(sell.json().tokenAmount)).toBe(parseTokenAmount(built.expectedTokens));
  }, 60_000);

  it('refuses, in the spec\'s words, a trade the wallet cannot pay for, before anything is built for it to sign', async () => {
    const poor = Keypair.generate();
    await t.services.chain.airdrop!(poor.publicKey.toBase58(), LAMPORTS_PER_SOL / 2n);
    const tooMuch = await quote('buy', poor, '1');
    expect([tooMuch.statusCode, tooMuch.json().error]).toEqual([400, TRADE_ERRORS.insufficientSol]);
    // Half a SOL less the rent of the accounts the buy opens and the fee: the last buy it can pay for is under 0.5 SOL.
    expect((await quote('buy', poor, '0.49')).statusCode).toBe(200);
    const unheld = await quote('sell', poor, '1000');
    expect([unheld.statusCode, unheld.json().error]).toEqual([400, TRADE_ERRORS.insufficientTokens]);
    const empty = Keypair.generate();
    const nothing = await quote('buy', empty, '0.01');
    expect([nothing.statusCode, nothing.json().error]).toEqual([400, TRADE_ERRORS.insufficientSol]);
  }, 60_000);

  it('previews exactly the trade the build then promises, the pool\'s fee included, so the widget\'s preview passes its check', async () => {
    const preview = await t.app.inject({ method: 'GET', url: `/api/curve/${mint}/quote?side=buy&amount=0.5` });
    expect(preview.statusCode, preview.body).toBe(200);
    const shown = preview.json();
    expect(shown).toMatchObject({ side: 'buy', amountIn: '0.5', transferFee: '0', completesCurve: false });
    // The widget's fee rows: the pool's 6% of the SOL in, and the 80% of it its claimers are paid (DBC keeps 20%).
    expect(shown).toMatchObject({ poolFee: '0.03', claimableFee: '0.024' });
    expect(Number(shown.priceAfter)).toBeGreaterThan(Number(shown.priceBefore));
    const buy = await post(`/api/curve/${mint}/buy`, { wallet: trader.publicKey.toBase58(), amount: '0.5', slippageBps: 100, expectedOutput: shown.expectedOutput });
    expect(buy.statusCode, buy.body).toBe(200);
    expect(buy.json().expectedTokens).toBe(shown.expectedOutput);
    // What 0.5 SOL buys at the pool's price with the 6% left out: the preview promises less than that.
    const feeless = Number(shown.amountIn) / Number(shown.priceBefore);
    expect(Number(shown.expectedOutput)).toBeLessThan(feeless * 0.95);
    expect((await execute(signAsWallet(buy.json().transactionBase64, trader))).statusCode).toBe(200);

    const sellPreview = (await t.app.inject({ method: 'GET', url: `/api/curve/${mint}/quote?side=sell&amount=1000` })).json();
    const sell = await post(`/api/curve/${mint}/sell`, { wallet: trader.publicKey.toBase58(), amount: '1000', slippageBps: 100, expectedOutput: sellPreview.expectedOutput });
    expect(sell.statusCode, sell.body).toBe(200);
    expect(sell.json().expectedSOL).toBe(sellPreview.expectedOutput);
  }, 60_000);

  it('answers a swap whose blockhash expired before it was sent as an expired quote (409), nothing paid, so the widget builds it again', async () => {
    const ledger = t.services.chain.ledger!;
    const built = (await quote('buy', trader, '0.1')).json();
    const signed = signAsWallet(built.transactionBase64, trader);
    const before = await t.services.chain.connection.getBalance(trader.publicKey, 'confirmed');
    // The wallet was left open past the blockhash's 150 slots.
    ledger.warp(ledger.slot + MAX_BLOCKHASH_AGE + 1n);
    const late = await execute(signed);
    expect([late.statusCode, late.json().error]).toEqual([409, TRADE_ERRORS.expired]);
    expect(await t.services.chain.connection.getBalance(trader.publicKey, 'confirmed')).toBe(before);
    // Built again against the one signed (nobody traded since): the same trade, on a fresh blockhash.
    const again = await post(`/api/curve/${mint}/buy`, { wallet: trader.publicKey.toBase58(), amount: '0.1', slippageBps: 500, expectedOutput: built.expectedTokens });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().expectedTokens).toBe(built.expectedTokens);
    const done = await execute(signAsWallet(again.json().transactionBase64, trader));
    expect(done.statusCode, done.body).toBe(200);
  }, 60_000);

  it('refuses a trade the price moved past, and completes the curve with what it needs', async () => {
    const mine = await quote('buy', trader, '2', 0);
    const theirs = await quote('buy', rival, '2');
    expect((await execute(signAsWallet(theirs.json().transactionBase64, rival))).statusCode).toBe(200);
    const late = await execute(signAsWallet(mine.json().transactionBase64, trader));
    expect([late.statusCode, late.json().error]).toEqual([409, 'Price moved beyond your slippage tolerance']);

    const last = await quote('buy', rival, '25');
    expect(Number(last.json().solAmount)).toBeLessThan(25);
    const done = await execute(signAsWallet(last.json().transactionBase64, rival));
    expect(done.json().graduated).toBe(true);
    const after = await quote('buy', trader, '1');
    expect([after.statusCode, after.json().error]).toEqual([409, 'The curve is completing, please try again in a few seconds']);
  }, 60_000);
});

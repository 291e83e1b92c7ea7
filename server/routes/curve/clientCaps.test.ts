// Per client address caps on quotes, through HTTP with the default configuration: at most 20
// live quotes per address across wallets, and at most 10% of what a curve has left reserved
// by one address. Refused quotes store nothing; the server's own quotes are never capped.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import type { Keypair } from '@solana/web3.js';
import { CURVE_TOKENS_FOR_SALE, costToComplete } from '../../../core/curve';
import { formatTokenAmount, lamportsToSolString, parseSol } from '../../../core/money';
import { curveQuotes } from '../../db/schema';
import { tradeHooksIdle } from '../../market';
import { createTestApp, type TestApp } from '../../testing/app';
import { TRADE_ERRORS, findCurvePool, stateOfPool } from '../../trading';
import { curveShareAllowance } from '../../trading/clientCaps';
import { signAsWallet } from '../../trading/testing/market';
import { curveHttp } from './testing/curveHttp';
import { launchCurveMarket, type CurveMarket } from './testing/curveMarket';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => {
  await tradeHooksIdle(t.services);
  await t.close();
});

const { quote, execute, trade } = curveHttp(() => t.app);

const committed = async (m: CurveMarket) => stateOfPool((await findCurvePool(t.services.db, m.mint))!);
const quotesOf = (...traders: Keypair[]) => t.services.db.select().from(curveQuotes)
  .where(inArray(curveQuotes.traderWallet, traders.map((k) => k.publicKey.toBase58())));

describe('live quotes per client address', () => {
  it('refuses the 21st live quote from one address across wallets (429, nothing stored); replacing, other addresses and executing free it', async () => {
    const m = await launchCurveMarket(t.services, { ticker: 'CNT' });
    const ip = '10.77.0.1';
    const wallets: Keypair[] = [];
    for (let i = 0; i < 20; i++) {
      const wallet = await m.trader(1n);
      wallets.push(wallet);
      const res = await quote(m, 'buy', wallet, '0.01', ip);
      expect(res.statusCode, res.body).toBe(200);
    }
    expect(new Set((await quotesOf(...wallets)).map((q) => q.clientAddress))).toEqual(new Set([ip]));

    const extra = await m.trader(1n);
    const refused = await quote(m, 'buy', extra, '0.01', ip);
    expect([refused.statusCode, refused.json()]).toEqual([429, { error: TRADE_ERRORS.tooManyClientQuotes }]);
    expect(await quotesOf(extra)).toEqual([]);

    // A wallet's new quote replaces its own: the address holds no more than before.
    const replaced = await quote(m, 'buy', wallets[0]!, '0.02', ip);
    expect(replaced.statusCode, replaced.body).toBe(200);
    // Another address is not held to this one's count.
    expect((await quote(m, 'buy', extra, '0.01', '10.77.0.2')).statusCode).toBe(200);
    // An executed quote is no longer live.
    const done = await execute(m, signAsWallet(replaced.json().transactionBase64, wallets[0]!));
    expect(done.statusCode, done.body).toBe(200);
    const another = await m.trader(1n);
    expect((await quote(m, 'buy', another, '0.01', ip)).statusCode).toBe(200);
  });

  it('counts an IPv6 client by its /64', async () => {
    const m = await launchCurveMarket(t.services, { ticker: 'SIX' });
    const stored: string[] = [];
    for (const ip of ['2001:db8:1:2::1', '2001:db8:1:2:ffff::9']) {
      const res = await quote(m, 'buy', await m.trader(1n), '0.01', ip);
      expect(res.statusCode, res.body).toBe(200);
      stored.push((await t.services.db.select().from(curveQuotes).where(eq(curveQuotes.id, res.json().quoteId)))[0]!.clientAddress!);
    }
    expect(stored).toEqual(['2001:db8:1:2::/64', '2001:db8:1:2::/64']);
  });
});

describe("one address's share of what a curve has left", () => {
  it('buys: refuses a quote that would take the address past 10% of the SOL the curve can still take (400, nothing stored)', async () => {
    const m = await launchCurveMarket(t.services, { ticker: 'SHARE' });
    const ip = '10.78.0.1';
    const state = await committed(m);
    const allowance = (state.thresholdLamports - state.realSolReserves) / 10n; // 2 SOL of a fresh 20 SOL curve
    expect(curveShareAllowance(state, 'buy', 1000)).toBe(allowance);
    expect(allowance).toBe(parseSol('2'));

    const [a, b, c] = [await m.trader(3n), await m.trader(3n), await m.trader(3n)];
    const first = await quote(m, 'buy', a, '1.5', ip);
    expect(first.statusCode, first.body).toBe(200);
    // 0.6 SOL more from the same address, another wallet: past 2 SOL, and the answer says what is left.
    const second = await quote(m, 'buy', b, '0.6', ip);
    expect([second.statusCode, second.json()]).toEqual([400, { error: TRADE_ERRORS.curveShare('0.5') }]);
    expect(await quotesOf(b)).toEqual([]);
    // One quote over the share on its own is refused too, from any address.
    const whole = await quote(m, 'buy', c, '2.1');
    expect([whole.statusCode, whole.json().error]).toEqual([400, TRADE_ERRORS.curveShare('2')]);
    expect(await quotesOf(c)).toEqual([]);
    // Another address may reserve its own share.
    expect((await quote(m, 'buy', c, '1')).statusCode).toBe(200);
    // Once the first executes it no longer reserves: the address may quote again.
    const done = await execute(m, signAsWallet(first.json().transactionBase64, a));
    expect(done.statusCode, done.body).toBe(200);
    expect((await quote(m, 'buy', b, '0.6', ip)).statusCode).toBe(200);
  });

  it('sells: refuses a sell whose SOL would take the address past 10% of the SOL the curve holds', async () => {
    const m = await launchCurveMarket(t.services, { ticker: 'SSHR' });
    const seller = await m.trader(2n);
    await trade(m, 'buy', seller, '0.5');
    for (let i = 0; i < 5; i++) await trade(m, 'buy', await m.trader(1n), '0.5'); // 3 SOL in the curve: 0.3 SOL to one address
    expect(curveShareAllowance(await committed(m), 'sell', 1000)).toBe(parseSol('0.3'));
    const held = m.tokenBalance(seller.publicKey);
    const all = await quote(m, 'sell', seller, formatTokenAmount(held));
    expect([all.statusCode, all.json()]).toEqual([400, { error: TRADE_ERRORS.curveShare('0.3') }]);
    expect((await quotesOf(seller)).filter((q) => q.side === 'sell')).toEqual([]);
    const part = await quote(m, 'sell', seller, formatTokenAmount(held / 3n));
    expect(part.statusCode, part.body).toBe(200);
    expect(parseSol(part.json().expectedSOL)).toBeLessThanOrEqual(parseSol('0.3'));
  });

  it("the server's own quotes are not capped, and a curve's last tokens can still be bought by one address", async () => {
    const m = await launchCurveMarket(t.services, { ticker: 'LAST' });
    const whale = await m.trader(25n);
    // In-process (the distributor, a launch's initial buy, the demo): no client address, no cap.
    const state = await committed(m);
    const solIn = costToComplete(state) - parseSol('0.15');
    const own = await t.services.trading.book.buildBuyQuote({ mint: m.mint, trader: whale.publicKey.toBase58(), solIn });
    expect(own.tokensOut).toBeGreaterThan(CURVE_TOKENS_FOR_SALE / 2n);
    expect((await t.services.trading.book.execute(signAsWallet(own.transactionBase64, whale))).quoteId).toBe(own.quoteId);
    expect((await quotesOf(whale))[0]!.clientAddress).toBeNull();

    // Under 0.2 SOL is left to buy: 10% of it would be a sliver, but one address may always
    // reserve 1% of the threshold (0.2 SOL), so the completing buy goes through.
    const left = await committed(m);
    expect(left.thresholdLamports - left.realSolReserves).toBeLessThan(parseSol('0.2'));
    const last = await m.trader(2n);
    const res = await quote(m, 'buy', last, lamportsToSolString(costToComplete(left)));
    expect(res.statusCode, res.body).toBe(200);
    expect((await execute(m, signAsWallet(res.json().transactionBase64, last))).json().graduated).toBe(true);
  });
});

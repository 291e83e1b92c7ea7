import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { Keypair } from '@solana/web3.js';
import { formatTokenAmount, parseTokenAmount } from '../../../core/money';
import { curveQuotes, curveTrades } from '../../db/schema';
import { tradeHooksIdle } from '../../market';
import { createTestApp, type TestApp } from '../../testing/app';
import { testIp } from '../../testing/wallet';
import { findCurvePool, stateOfPool } from '../../trading';
import { signAsWallet } from '../../trading/testing/market';
import { launchCurveMarket, type CurveMarket } from './testing/curveMarket';

const TRADERS = 20;
const BUYS_EACH = 3;

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => {
  await tradeHooksIdle(t.services);
  await t.close();
});

describe('20 traders on one token at once', () => {
  it('keeps the pool on chain equal to the curve after every trade, executes no quote twice and withholds the fee on every trade', async () => {
    const m: CurveMarket = await launchCurveMarket(t.services, { curveType: 2, ticker: 'RUSH' });
    const traders: Keypair[] = [];
    for (let i = 0; i < TRADERS; i++) traders.push(await m.trader(5n));

    // Trade hooks run right after each commit, before the next send of this mint: the
    // moment "after every confirmed trade" means. Checked against the chain and the row.
    const violations: string[] = [];
    let checked = 0;
    t.services.trading.onTrade(async (event) => {
      if (event.mint !== m.mint) return;
      checked += 1;
      if (!m.holdsExactly(event.state)) violations.push(`${event.signature}: chain ${JSON.stringify(m.poolHoldings(), (_, v: unknown) => String(v))}`);
      const row = stateOfPool((await findCurvePool(t.services.db, m.mint))!);
      if (row.realSolReserves !== event.state.realSolReserves || row.realTokenReserves !== event.state.realTokenReserves) {
        violations.push(`${event.signature}: committed row differs from the event`);
      }
    });

    const fees = { buy: 0n, sell: 0n };
    const statuses: number[] = [];
    const post = (url: string, payload: object, ip: string) => t.app.inject({ method: 'POST', url, payload, remoteAddress: ip });
    await Promise.all(traders.map(async (trader, i) => {
      const ip = testIp();
      const wallet = trader.publicKey.toBase58();
      for (let round = 0; round < BUYS_EACH; round++) {
        const built = await post(`/api/curve/${m.mint}/buy`, { wallet, amount: `0.${(i % 5) + 1}` }, ip);
        expect(built.statusCode, built.body).toBe(200);
        const signed = signAsWallet(built.json().transactionBase64, trader);
        // The first execute of each trader is sent twice at once: exactly one may land.
        const sends = round === 0 ? [signed, signed] : [signed];
        const results = await Promise.all(sends.map((tx) => post(`/api/curve/${m.mint}/execute`, { transactionBase64: tx }, ip)));
        statuses.push(...results.map((r) => r.statusCode));
        expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
        fees.buy += parseTokenAmount(built.json().transferFee);
      }
      const held = m.tokenBalance(trader.publicKey);
      const built = await post(`/api/curve/${m.mint}/sell`, { wallet, amount: formatTokenAmount(held / 3n) }, ip);
      expect(built.statusCode, built.body).toBe(200);
      const res = await post(`/api/curve/${m.mint}/execute`, { transactionBase64: signAsWallet(built.json().transactionBase64, trader) }, ip);
      expect(res.statusCode, res.body).toBe(200);
      statuses.push(res.statusCode);
      fees.sell += parseTokenAmount(built.json().transferFee);
    }));

    const trades = TRADERS * (BUYS_EACH + 1);
    expect(violations).toEqual([]);
    expect(checked).toBe(trades);
    expect(statuses.filter((s) => s === 409)).toHaveLength(TRADERS);
    expect(m.holdsExactly(stateOfPool((await findCurvePool(t.services.db, m.mint))!))).toBe(true);

    const [counts] = (await t.services.db.execute(sql`
      select count(*)::int as trades, count(distinct quote_id)::int as quotes, count(distinct signature)::int as signatures
      from ${curveTrades} where mint = ${m.mint}`) as unknown as { rows: { trades: number; quotes: number; signatures: number }[] }).rows;
    expect(counts).toEqual({ trades, quotes: trades, signatures: trades });
    expect(await t.services.db.$count(curveQuotes, eq(curveQuotes.status, 'executed'))).toBe(trades);

    // Token-2022 withheld 6% of every leg: buys in the traders' accounts, sells in the pool's.
    expect(traders.reduce((sum, trader) => sum + m.withheld(trader.publicKey), 0n)).toBe(fees.buy);
    expect(m.withheld(m.pool)).toBe(fees.sell);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { curveQuotes, curveTrades } from '../db/schema';
import { blockhashOfMessage } from '../launch/chainOps';
import { launchCurveMarket } from '../routes/curve/testing/curveMarket';
import { createTestApp, type TestApp } from '../testing/app';
import { QuoteBook, chainHoldings, ledgerSender, type SendResult } from '../trading';
import { signAsWallet } from '../trading/testing/market';
import { settleOrphanedTrades } from './settleOrphanedTrades';

// A process that dies between sending a trade and settling it leaves its quote 'executing':
// the worker settles it from the chain once its blockhash has expired.
let t: TestApp;
// 150 slots of 5 ms: a blockhash expires within a second.
beforeAll(async () => { t = await createTestApp({ LEDGER_SLOT_MS: '5' }); }, 60_000);
afterAll(async () => { await t.close(); });

/** The product's quote book whose send lands the trade (or not) and then never answers, like a process killed mid-send. */
function dyingBook(land: boolean, after?: (result: SendResult) => Promise<SendResult>) {
  const ledger = t.services.chain.ledger!;
  const send = ledgerSender(ledger);
  return new QuoteBook({
    db: t.services.db, holdings: chainHoldings(t.services.chain), poolSigner: (wallet) => t.services.keys.load(wallet),
    latestBlockhash: () => ledger.latestBlockhash.blockhash,
    send: async (wire) => {
      if (!land) throw new Error('connection reset before sending');
      const result = await send(wire);
      if (after) return after(result);
      throw new Error('connection reset while confirming');
    },
  });
}

async function quoteRow(id: string) {
  return (await t.services.db.select().from(curveQuotes).where(eq(curveQuotes.id, id)))[0]!;
}

async function untilExpired(blockhash: string) {
  await expect.poll(async () => (await t.services.chain.connection.isBlockhashValid(blockhash)).value, { timeout: 10_000 }).toBe(false);
}

describe('settle-orphaned-trades', () => {
  it.each([
    ['landed: committed to the curve and indexed', true],
    ['never sent: the reservation is released', false],
  ])('%s', async (_, land) => {
    const m = await launchCurveMarket(t.services);
    const trader = await m.trader(2n);
    const book = dyingBook(land);
    const quote = await book.buildBuyQuote({ mint: m.mint, trader: trader.publicKey.toBase58(), solIn: 100_000_000n });
    await expect(book.execute(signAsWallet(quote.transactionBase64, trader), m.mint)).rejects.toThrow('connection reset');
    const left = await quoteRow(quote.quoteId);
    expect(left).toMatchObject({ status: 'executing' });
    expect(left.signature).toBeTruthy();

    // Its blockhash still lives: the process may yet settle it, so the worker leaves it.
    expect(await settleOrphanedTrades(t.services)).toBe(0);
    expect((await quoteRow(quote.quoteId)).status).toBe('executing');
    await untilExpired(blockhashOfMessage(left.message));
    expect(await settleOrphanedTrades(t.services)).toBe(1);

    const settled = await quoteRow(quote.quoteId);
    expect(settled.status).toBe(land ? 'executed' : 'failed');
    const trades = await t.services.db.select().from(curveTrades).where(eq(curveTrades.signature, left.signature!));
    expect(trades).toHaveLength(land ? 1 : 0);
    // The curve is what the pool wallet holds, either way.
    expect(m.holdsExactly(await t.services.trading.book.committedState(m.mint))).toBe(true);
    expect(await settleOrphanedTrades(t.services)).toBe(0);
  });

  it('a slow process that settles after the worker did answers the landed trade, committed once', async () => {
    const m = await launchCurveMarket(t.services);
    const trader = await m.trader(2n);
    let quoteId = '';
    const book = dyingBook(true, async (result) => {
      // The reply comes after the blockhash expired and the worker settled the trade.
      await untilExpired(blockhashOfMessage((await quoteRow(quoteId)).message));
      expect(await settleOrphanedTrades(t.services)).toBe(1);
      return result;
    });
    const quote = await book.buildBuyQuote({ mint: m.mint, trader: trader.publicKey.toBase58(), solIn: 100_000_000n });
    quoteId = quote.quoteId;
    const done = await book.execute(signAsWallet(quote.transactionBase64, trader), m.mint);
    expect(done.quoteId).toBe(quote.quoteId);
    expect((await quoteRow(quote.quoteId)).status).toBe('executed');
    expect(await t.services.db.select().from(curveTrades).where(eq(curveTrades.signature, done.transactionSignature))).toHaveLength(1);
    expect(m.holdsExactly(await t.services.trading.book.committedState(m.mint))).toBe(true);
  });
});

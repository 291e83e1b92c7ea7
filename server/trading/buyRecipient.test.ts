import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Keypair, LAMPORTS_PER_SOL } from '@solana/web3.js';
import { tokenAccountOf } from '../chain/curve';
import type { Database } from '../db/client';
import { createTestDatabase } from '../testing/db';
import { TRADE_ERRORS } from './quoteBook';
import { createTestMarket, signAsWallet } from './testing/market';

const SOL = BigInt(LAMPORTS_PER_SOL);
let database: Database;
let dataDir: string;
let cleanup: () => Promise<void>;

beforeAll(async () => { ({ database, dataDir, cleanup } = await createTestDatabase()); });
afterAll(async () => { await cleanup(); });

// A launch's initial buy: the funding wallet pays, the creator receives the tokens.
describe('a buy for another wallet (recipient)', () => {
  it('the payer pays SOL, fees and the account rent; the recipient holds the tokens less the one 6% fee', async () => {
    const m = await createTestMarket({ db: database.db, dataDir });
    const payer = m.trader(5);
    const recipient = Keypair.generate().publicKey;
    const before = m.ledger.balance(payer.publicKey);
    const q = await m.book.buildBuyQuote({ mint: m.mint, trader: payer.publicKey.toBase58(), solIn: SOL / 2n, recipient: recipient.toBase58() });
    const result = await m.book.execute(signAsWallet(q.transactionBase64, payer));
    expect(result.expectedOutput).toBe(q.expectedTokens);
    expect(m.tokenBalance(recipient)).toBe(q.expectedTokens);
    expect(q.transferFee * 10_000n / q.tokensOut).toBe(600n);
    expect(m.withheld(recipient)).toBe(q.transferFee);
    expect(m.ledger.account(tokenAccountOf(m.mintKey, payer.publicKey))).toBeNull();
    const rent = m.ledger.account(tokenAccountOf(m.mintKey, recipient))!.lamports;
    expect(before - m.ledger.balance(payer.publicKey)).toBe(q.solUsed + 10_000n + rent);
    expect(m.poolHoldings().sol).toBe(q.solUsed);
  });

  it('refuses the pool wallet as recipient and an invalid address', async () => {
    const m = await createTestMarket({ db: database.db, dataDir });
    const payer = m.trader(1).publicKey.toBase58();
    await expect(m.book.buildBuyQuote({ mint: m.mint, trader: payer, solIn: SOL / 10n, recipient: m.pool.toBase58() }))
      .rejects.toThrow(TRADE_ERRORS.wallet);
    await expect(m.book.buildBuyQuote({ mint: m.mint, trader: payer, solIn: SOL / 10n, recipient: 'nope' }))
      .rejects.toThrow(TRADE_ERRORS.wallet);
  });
});

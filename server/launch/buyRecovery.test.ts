import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { PublicKey } from '@solana/web3.js';
import { TOKEN_2022_PROGRAM_ID, unpackAccount } from '@solana/spl-token';
import { expectedTokensForBuy, initialCurveState } from '../../core/curve';
import { tokenAccountOf } from '../chain/curve';
import { curveQuotes, launchRequests } from '../db/schema';
import { createTestApp, type TestApp } from '../testing/app';
import { POOL_WALLET_RENT_LAMPORTS, QuoteBook, chainHoldings, ledgerSender, type SendResult } from '../trading';
import { launcherFor } from './launcher';
import { create, createBody, fund, prepare, signedInCreator } from './testing/launchFlow';

// The initial buy's reply is lost (the process cannot tell whether it landed): the launch
// must look at the chain, settle that quote, and never buy twice.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LAUNCH_FUNDING_POLL_MS: '5', LAUNCH_FUNDING_POLL_ATTEMPTS: '3' });
}, 60_000);
afterAll(async () => { await t.close(); });

/** The product's quote book whose first sends (`lost` of them) either land and lose their reply, or are lost before sending. */
function bookLosingFirstReply(landFirst: boolean, lost = 1) {
  const ledger = t.services.chain.ledger!;
  const send = ledgerSender(ledger);
  let sends = 0;
  return new QuoteBook({
    db: t.services.db,
    holdings: chainHoldings(t.services.chain),
    poolSigner: (wallet) => t.services.keys.load(wallet),
    latestBlockhash: () => ledger.latestBlockhash.blockhash,
    send: async (wire): Promise<SendResult> => {
      sends += 1;
      if (sends > lost) return send(wire);
      if (landFirst) await send(wire);
      throw new Error('connection reset while confirming');
    },
  });
}

/** A funded launch with an initial buy of `initialBuy` SOL, created through HTTP while `book` trades. */
async function launchWithBook(book: QuoteBook, initialBuy: string) {
  const real = t.services.trading;
  t.services.trading = { ...real, book };
  try {
    const user = await signedInCreator(t.app, t.services, 3);
    const prepared = await prepare(t.app, user, initialBuy);
    await fund(t.services, user.keypair, prepared.funding_wallet, BigInt(prepared.amount_to_fund_lamports));
    const res = await create(t.app, user, createBody(user, prepared.request_id, { initialBuy }));
    const [launch] = await t.services.db.select().from(launchRequests).where(eq(launchRequests.requestId, prepared.request_id));
    const quotes = await t.services.db.select().from(curveQuotes).where(eq(curveQuotes.mint, prepared.token_address));
    return { user, prepared, res, launch: launch!, quotes };
  } finally {
    t.services.trading = real;
  }
}

describe('the initial buy after a lost reply', () => {
  it.each([
    ['landed: the stored quote is settled from the chain', true, 1],
    ['never sent: the quote is released and a new one executes', false, 2],
  ])('%s', async (_, landFirst, quoteCount) => {
    const { user, prepared, res, launch, quotes } = await launchWithBook(bookLosingFirstReply(landFirst), '1');
    expect(res.statusCode, res.body).toBe(200);

    const bought = expectedTokensForBuy(initialCurveState(1), 1_000_000_000n);
    const mint = new PublicKey(prepared.token_address);
    const ata = tokenAccountOf(mint, user.keypair.publicKey);
    const info = await t.services.chain.connection.getAccountInfo(ata);
    expect(unpackAccount(ata, info!, TOKEN_2022_PROGRAM_ID).amount).toBe(bought);
    expect(BigInt(await t.services.chain.connection.getBalance(new PublicKey(prepared.bonding_curve)))).toBe(POOL_WALLET_RENT_LAMPORTS + 1_000_000_000n);
    expect(quotes).toHaveLength(quoteCount);
    expect(quotes.filter((q) => q.status === 'executed')).toHaveLength(1);
    expect(launch).toMatchObject({ state: 'created', buyTokens: bought, attempts: 1 });
    expect(await t.services.trading.book.committedState(prepared.token_address)).toMatchObject({ realSolReserves: 1_000_000_000n });
  }, 60_000);

  it('a failure that outlasts the retries of one run: create waits for the launches job and answers with the launch', async () => {
    // What the worker's 'launches' job does every few seconds.
    const job = setInterval(() => { void launcherFor(t.services).sweep().catch(() => {}); }, 300);
    try {
      const { prepared, res, launch, quotes } = await launchWithBook(bookLosingFirstReply(false, 3), '0.5');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ mintAddress: prepared.token_address });
      expect(launch.state).toBe('created');
      expect(quotes.filter((q) => q.status === 'executed')).toHaveLength(1);
    } finally {
      clearInterval(job);
    }
  }, 60_000);
});

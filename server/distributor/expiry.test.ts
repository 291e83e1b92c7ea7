import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { Keypair, PublicKey, SystemProgram, Transaction } from '@solana/web3.js';
import { TRADER_TOKEN_ACCOUNT_RENT } from '../../core/tradeCosts';
import { MAX_BLOCKHASH_AGE } from '../chain/ledger/programs';
import { buildCollectFeesTransaction, readCampaignMint, signTransaction } from '../chain/token';
import { campaigns, distributionRuns } from '../db/schema';
import { launchChain, signatureOf } from '../launch/chainOps';
import { airdrop } from '../launch/testing/launchFlow';
import { createTestApp, type TestApp } from '../testing/app';
import { distributorFor } from './distributor';
import { findRun, journalTx, type StepContext } from './journal';
import { harvest } from './steps/harvest';
import { withdraw } from './steps/withdraw';
import { SOL, lamportsOf, launchCampaign, type LaunchedCampaign } from './testing/campaigns';
import { sell } from './steps/sell';
import { POOL_WALLET_RENT_LAMPORTS, QuoteBook, chainHoldings, ledgerSender, type SendResult } from '../trading';
import { findQuote } from '../trading/bookStore';
import { poolTokenBalance } from '../../core/curve';

let t: TestApp;
let treasury: Keypair;

beforeAll(async () => {
  t = await createTestApp({ LAUNCH_FUNDING_POLL_MS: '5', LAUNCH_FUNDING_POLL_ATTEMPTS: '3' });
  treasury = await t.services.keys.treasury();
  await airdrop(t.services, treasury.publicKey, 5);
}, 60_000);
afterAll(async () => { await t?.close(); });

/** Past the last slot a blockhash handed out now can land in. */
const expireBlockhashes = () => t.services.chain.ledger!.warp(t.services.chain.ledger!.slot + MAX_BLOCKHASH_AGE + 1n);

describe('a journaled transaction that is not on the chain', () => {
  it('is in flight while its blockhash lives and dropped for good once it expired; one that landed stays landed', async () => {
    const chain = launchChain(t.services.chain);
    const ledger = t.services.chain.ledger!;
    const from = Keypair.generate();
    await airdrop(t.services, from.publicKey, 1);
    const build = (lamports: number) => {
      const tx = new Transaction({ feePayer: from.publicKey, recentBlockhash: ledger.latestBlockhash.blockhash })
        .add(SystemProgram.transfer({ fromPubkey: from.publicKey, toPubkey: Keypair.generate().publicKey, lamports }));
      const wire = signTransaction(tx, [from]);
      return { wire, signature: signatureOf(wire), blockhash: tx.recentBlockhash! };
    };
    const lost = build(1_000_000);
    const sent = build(2_000_000);
    await chain.sendWire(sent.wire, 'Transfer');

    expect(await chain.outcome(lost.signature, lost.blockhash)).toEqual({ landed: false, expired: false });
    expect(await chain.outcome(sent.signature, sent.blockhash)).toMatchObject({ landed: true, err: null });
    expireBlockhashes();
    expect(await chain.outcome(lost.signature, lost.blockhash)).toEqual({ landed: false, expired: true });
    // Without its blockhash nothing says it cannot land any more.
    expect(await chain.outcome(lost.signature, null)).toEqual({ landed: false, expired: false });
    expect(await chain.outcome(sent.signature, sent.blockhash)).toMatchObject({ landed: true, err: null });
    // Why rebuilding is then safe: the chain refuses the old one for good.
    await expect(chain.sendWire(lost.wire, 'Late transfer')).rejects.toThrow(/BlockhashNotFound/);
  });

  it('keeps a run waiting while a lost withdraw could still land, then withdraws anew once its blockhash expired, paying once', async () => {
    const { services } = t;
    const ledger = services.chain.ledger!;
    const c = await launchCampaign(t.app, services, { ticker: 'expiry' });
    for (const trader of await Promise.all([1, 2].map(() => c.trader(5)))) await c.buy(trader, 2n * SOL);
    const id = await startRun(c);
    const distributor = await services.keys.load(c.distributor.toBase58());
    // As on a cluster: a send whose answer never came may still land while its blockhash lives.
    const clusterChain = { ...launchChain(services.chain), sendsAreFinal: false };
    const ctx = async (): Promise<StepContext> => ({ services, chain: clusterChain, run: (await findRun(services, id))!, treasury, distributor });

    await harvest(await ctx());
    const fees = (await readCampaignMint(services.chain.connection, c.mint))!.transferFee!.withheldInMint;
    expect(fees).toBeGreaterThan(0n);
    // The withdraw journaled (as the step does before sending) and then lost on its way.
    const { transaction } = buildCollectFeesTransaction({ mint: new PublicKey(c.mint), distributor: c.distributor, sources: [], payer: treasury.publicKey }, ledger.latestBlockhash.blockhash);
    const lost = await journalTx(await ctx(), 'withdraw', transaction, [treasury, distributor], TRADER_TOKEN_ACCOUNT_RENT, (signature) => ({ withdrawSignature: signature }));

    await expect(withdraw(await ctx())).rejects.toThrow(`Transaction ${lost.signature} is still in flight`);
    expect((await findRun(services, id))!.state).toBe('harvested');
    expect(await c.tokens(c.distributor)).toBe(0n);

    expireBlockhashes();
    await withdraw(await ctx());
    const withdrawn = (await findRun(services, id))!;
    expect(withdrawn).toMatchObject({ state: 'withdrawn', withdrawnTokens: fees });
    expect(withdrawn.withdrawSignature).not.toBe(lost.signature);
    expect(await c.tokens(c.distributor)).toBe(fees);
    expect(await launchChain(services.chain).status(lost.signature)).toMatchObject({ landed: false });

    // The distributor finishes the run; the lost withdraw cost nothing, so it counts no fee.
    const pass = await distributorFor(services).run();
    expect(pass).toMatchObject({ resumed: 1, unfinished: 0 });
    const paid = (await findRun(services, id))!;
    expect(paid.state).toBe('paid');
    let chainFees = 0n;
    for (const x of paid.txs) {
      const tx = await services.chain.connection.getTransaction(x.signature, { maxSupportedTransactionVersion: 0, commitment: 'confirmed' });
      if (tx) chainFees += BigInt(tx.meta!.fee);
    }
    expect(paid.networkFeeLamports).toBe(chainFees);
    expect(paid.txs.filter((x) => x.step === 'withdraw')).toHaveLength(2);
    expect(paid.tokenAccountRentLamports).toBe(TRADER_TOKEN_ACCOUNT_RENT);
  }, 60_000);

  it('keeps a sell whose send lost its way waiting until its blockhash expired, then sells once', async () => {
    const { services } = t;
    const ledger = services.chain.ledger!;
    const c = await launchCampaign(t.app, services, { ticker: 'lostsell' });
    await c.buy(await c.trader(5), 3n * SOL);
    const id = await startRun(c);
    const distributor = await services.keys.load(c.distributor.toBase58());
    const clusterChain = { ...launchChain(services.chain), sendsAreFinal: false };
    const ctx = async (): Promise<StepContext> => ({ services, chain: clusterChain, run: (await findRun(services, id))!, treasury, distributor });
    await harvest(await ctx());
    await withdraw(await ctx());
    const tokens = await c.tokens(c.distributor);
    expect(tokens).toBeGreaterThan(0n);

    // The product's quote book, but its first send is lost before reaching the chain: the quote stays 'executing'.
    const real = services.trading;
    const send = ledgerSender(ledger);
    let sends = 0;
    services.trading = { ...real, book: new QuoteBook({
      db: services.db, holdings: chainHoldings(services.chain), poolSigner: (wallet) => services.keys.load(wallet),
      latestBlockhash: () => ledger.latestBlockhash.blockhash,
      send: async (wire): Promise<SendResult> => {
        if (++sends > 1) return send(wire);
        throw new Error('connection reset while confirming');
      },
    }) };
    try {
      await expect(sell(await ctx())).rejects.toThrow('connection reset');
    } finally {
      services.trading = real;
    }
    const lost = (await findRun(services, id))!;
    expect(lost.state).toBe('withdrawn');
    expect((await findQuote(services.db, lost.sellQuoteId!))!.status).toBe('executing');

    await expect(sell(await ctx())).rejects.toThrow('The sell is still in flight');
    expect(await c.tokens(c.distributor)).toBe(tokens);
    expireBlockhashes();
    await sell(await ctx());
    const sold = (await findRun(services, id))!;
    expect(sold.state).toBe('sold');
    expect(sold.sellSignature).not.toBe(lost.sellSignature);
    expect((await findQuote(services.db, lost.sellQuoteId!))!.status).not.toBe('executed');
    expect((await findQuote(services.db, sold.sellQuoteId!))!.status).toBe('executed');
    expect(await c.tokens(c.distributor)).toBe(0n);
    // The pool holds what the committed curve says: the lost sell moved nothing.
    const state = await services.trading.book.committedState(c.mint);
    expect(lamportsOf(services, c.pool) - POOL_WALLET_RENT_LAMPORTS).toBe(state.realSolReserves);
    expect(await c.tokens(c.pool)).toBe(poolTokenBalance(state));
  }, 60_000);
});

async function startRun(c: LaunchedCampaign): Promise<string> {
  const [campaign] = await t.services.db.select().from(campaigns).where(eq(campaigns.tokenAddress, c.mint));
  const id = randomUUID();
  await t.services.db.insert(distributionRuns).values({
    id, campaignId: campaign!.id, mint: c.mint, distributorWallet: c.distributor.toBase58(), donationWallet: c.donationWallet.toBase58(),
    treasuryWallet: treasury.publicKey.toBase58(), estimatedDonationLamports: 0n,
  });
  return id;
}

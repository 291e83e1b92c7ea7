import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { Keypair, PublicKey, Transaction, type ParsedTransactionWithMeta } from '@solana/web3.js';
import { TOKEN_2022_PROGRAM_ID } from '@solana/spl-token';
import { lamportsToSolString } from '../../../core/money';
import { rentExemptLamports } from '../../../core/rent';
import { harvestWithheldInstruction, readCampaignMint, signTransaction } from '../../chain/token';
import { distributionRuns, donations } from '../../db/schema';
import { distributorFor } from '../../distributor';
import { SOL, lamportsOf, launchCampaign, type LaunchedCampaign } from '../../distributor/testing/campaigns';
import { indexDonations } from '../../donations/indexer';
import { airdrop } from '../../launch/testing/launchFlow';
import { createTestApp, type TestApp } from '../../testing/app';
import type { CampaignProof } from '../../../app/api/proof';

let t: TestApp;
let treasury: Keypair;
let c: LaunchedCampaign;

beforeAll(async () => {
  t = await createTestApp({ LAUNCH_FUNDING_POLL_MS: '5', LAUNCH_FUNDING_POLL_ATTEMPTS: '3' });
  treasury = await t.services.keys.treasury();
  await airdrop(t.services, treasury.publicKey, 5);
}, 60_000);
afterAll(async () => { await t?.close(); });

const get = (url: string) => t.app.inject({ method: 'GET', url });

async function proofOf(mint: string, query = 'limit=100'): Promise<CampaignProof> {
  const res = await get(`/api/campaigns/${mint}/proof?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function parsed(signature: string): Promise<ParsedTransactionWithMeta> {
  const tx = await t.services.chain.connection.getParsedTransaction(signature, { maxSupportedTransactionVersion: 0, commitment: 'confirmed' });
  expect(tx?.meta?.err, signature).toBeNull();
  return tx!;
}

/** What one transaction changed an account's SOL by, from its own pre/post balances. */
function lamportDelta(tx: ParsedTransactionWithMeta, account: PublicKey): bigint {
  const i = tx.transaction.message.accountKeys.findIndex((k) => k.pubkey.equals(account));
  return i < 0 ? 0n : BigInt(tx.meta!.postBalances[i]!) - BigInt(tx.meta!.preBalances[i]!);
}

/** What one transaction changed a token account's balance by, from its pre/post token balances. */
function tokenDelta(tx: ParsedTransactionWithMeta, tokenAccount: PublicKey): bigint {
  const i = tx.transaction.message.accountKeys.findIndex((k) => k.pubkey.equals(tokenAccount));
  const amount = (list: { accountIndex: number; uiTokenAmount: { amount: string } }[] | null | undefined) => BigInt(list?.find((b) => b.accountIndex === i)?.uiTokenAmount.amount ?? '0');
  return amount(tx.meta!.postTokenBalances) - amount(tx.meta!.preTokenBalances);
}

/** A round of trading by three wallets: buys and sells, every transfer taxed. */
async function trade(traders: Keypair[], round: number) {
  for (const [i, trader] of traders.entries()) {
    await c.buy(trader, SOL / 2n + BigInt(round * 7 + i) * (SOL / 10n));
    await c.sell(trader, (await c.tokens(trader.publicKey)) / 3n);
  }
}

describe('GET /api/campaigns/{tokenAddress}/proof', () => {
  let traders: Keypair[];

  beforeAll(async () => {
    c = await launchCampaign(t.app, t.services, { ticker: 'proof' });
    traders = await Promise.all([1, 2, 3].map(() => c.trader(10)));
    // Three rounds of trades, each followed by a distributor pass; then trades nobody distributed yet.
    for (let round = 0; round < 3; round++) {
      await trade(traders, round);
      // Passes are minutes apart: each builds on a newer blockhash than the last one's identical withdraw.
      t.services.chain.ledger!.warp(t.services.chain.ledger!.slot + 1n);
      const pass = await distributorFor(t.services).run();
      const errors = (await t.services.db.select().from(distributionRuns)).map((r) => r.lastError);
      expect(pass, JSON.stringify(errors)).toMatchObject({ started: 1, paid: 1, unfinished: 0 });
    }
    await trade(traders, 3);
  }, 180_000);

  it('sums the runs to the lamport of what the chain says their transactions moved', async () => {
    const proof = await proofOf(c.mint);
    expect(proof.wallets).toEqual({ distributor: c.distributor.toBase58(), donation: c.donationWallet.toBase58(), treasury: treasury.publicKey.toBase58() });
    expect(proof.runs).toMatchObject({ total: 3, paid: 3, limit: 100, offset: 0 });
    expect(proof.runs.items).toHaveLength(3);

    let collected = 0n, soldTokens = 0n, soldLamports = 0n, delivered = 0n, platformFee = 0n;
    for (const run of proof.runs.items) {
      expect(run).toMatchObject({ kind: 'campaign', state: 'paid' });
      expect(run.signatures.withdraw).toHaveLength(1);
      expect(run.signatures.sell).toHaveLength(1);
      expect(run.signatures.payout).toHaveLength(1);
      expect(run.signatures.harvest.length).toBeGreaterThan(0);
      const withdraw = await parsed(run.signatures.withdraw[0]!);
      const sell = await parsed(run.signatures.sell[0]!);
      const payout = await parsed(run.signatures.payout[0]!);
      const runCollected = tokenDelta(withdraw, c.distributorTokenAccount);
      // The sell's fee is paid by the distributor wallet: what it received is its gain plus that fee.
      const runSold = lamportDelta(sell, c.distributor) + BigInt(sell.meta!.fee);
      expect(run.collectedTokens).toBe(runCollected.toString());
      expect(run.soldTokens).toBe((-tokenDelta(sell, c.distributorTokenAccount)).toString());
      expect(run.soldLamports).toBe(runSold.toString());
      expect(run.donatedLamports).toBe(lamportDelta(payout, c.donationWallet).toString());
      expect(run.platformFeeLamports).toBe(lamportDelta(payout, treasury.publicKey).toString());
      collected += runCollected;
      soldTokens += -tokenDelta(sell, c.distributorTokenAccount);
      soldLamports += runSold;
      delivered += lamportDelta(payout, c.donationWallet);
      platformFee += lamportDelta(payout, treasury.publicKey);
    }
    expect(proof.collected.tokens).toBe(collected.toString());
    expect(proof.sold.tokens).toBe(soldTokens.toString());
    expect(proof.sold.lamports).toBe(soldLamports.toString());
    expect(proof.delivered.lamports).toBe(delivered.toString());
    expect(proof.platformFee.lamports).toBe(platformFee.toString());
    expect(soldLamports).toBe(delivered + platformFee);
    expect(collected).toBeGreaterThan(0n);
    // Nothing but payouts ever reached the donation wallet: its balance is the delivered sum.
    expect(lamportsOf(t.services, c.donationWallet)).toBe(delivered);
    // Every run paid out: the distributor wallet is back at its rent-exempt minimum, its tokens all sold.
    expect(proof.undelivered).toEqual({
      lamports: '0', sol: '0', distributorLamports: lamportsOf(t.services, c.distributor).toString(), rentExemptLamports: rentExemptLamports(0).toString(),
    });
    expect(proof.undelivered.distributorLamports).toBe(rentExemptLamports(0).toString());
    expect(proof.collected.unsoldTokens).toBe('0');
    expect(proof.delivered.sol).toBe(lamportsToSolString(delivered));
  });

  it('agrees with the reward rows the donations indexer read from the chain', async () => {
    const proof = await proofOf(c.mint);
    await indexDonations(t.services);
    const campaignId = (await t.services.db.query.campaigns.findFirst({ where: (x, { eq: is }) => is(x.tokenAddress, c.mint) }))!.id;
    const rewards = await t.services.db.select().from(donations).where(and(eq(donations.campaignId, campaignId), eq(donations.kind, 'reward')));
    expect(rewards.map((r) => r.signature).sort()).toEqual(proof.runs.items.flatMap((r) => r.signatures.payout).sort());
    expect(rewards.reduce((s, r) => s + r.lamports, 0n).toString()).toBe(proof.delivered.lamports);
  });

  it('states the token authorities as the mint has them', async () => {
    const proof = await proofOf(c.mint);
    expect(proof.authorities).toEqual({
      mintAuthority: null, freezeAuthority: null, transferFeeConfigAuthority: null,
      withdrawWithheldAuthority: c.distributor.toBase58(), metadataUpdateAuthority: treasury.publicKey.toBase58(),
    });
    expect(proof.token).toEqual({ supply: (10n ** 18n).toString(), decimals: 9, transferFeeBps: 600 });
  });

  it('reports the fees withheld now: harvesting every token account puts exactly that in the mint', async () => {
    const proof = await proofOf(c.mint);
    const withheld = BigInt(proof.withheld.totalTokens);
    expect(withheld).toBeGreaterThan(0n);
    expect(BigInt(proof.withheld.inMintTokens) + BigInt(proof.withheld.inAccountsTokens)).toBe(withheld);
    // Every token account of the mint, found over RPC, harvested by anyone (the harvest needs no authority).
    const accounts = await t.services.chain.connection.getProgramAccounts(TOKEN_2022_PROGRAM_ID, { filters: [{ memcmp: { offset: 0, bytes: c.mint } }] });
    expect(accounts.length).toBeGreaterThanOrEqual(proof.withheld.accounts);
    const anyone = Keypair.generate();
    await airdrop(t.services, anyone.publicKey, 1);
    const ledger = t.services.chain.ledger!;
    for (let i = 0; i < accounts.length; i += 20) {
      const tx = new Transaction({ feePayer: anyone.publicKey, recentBlockhash: ledger.latestBlockhash.blockhash })
        .add(harvestWithheldInstruction(new PublicKey(c.mint), accounts.slice(i, i + 20).map((a) => a.pubkey)));
      const outcome = await ledger.send(signTransaction(tx, [anyone]), { preflight: true });
      expect(outcome.kind).toBe('landed');
    }
    expect((await readCampaignMint(t.services.chain.connection, c.mint))!.transferFee!.withheldInMint).toBe(withheld);
    const after = await proofOf(c.mint);
    expect(after.withheld).toEqual({ totalTokens: withheld.toString(), inMintTokens: withheld.toString(), inAccountsTokens: '0', accounts: 0 });
  });

  it('pages the runs newest first', async () => {
    const all = (await proofOf(c.mint)).runs.items;
    expect([...all].sort((a, b) => b.startedAt.localeCompare(a.startedAt))).toEqual(all);
    const first = await proofOf(c.mint, 'limit=2');
    const second = await proofOf(c.mint, 'limit=2&offset=2');
    expect([...first.runs.items, ...second.runs.items].map((r) => r.id)).toEqual(all.map((r) => r.id));
    expect(second.runs).toMatchObject({ total: 3, limit: 2, offset: 2 });
    // The sums stay all-time whatever the page.
    expect(second.delivered).toEqual(first.delivered);
  });

  it('answers bad input with a 400 and a plain message, an unknown token with a 404', async () => {
    for (const query of ['limit=0', 'limit=abc', 'limit=101', 'offset=-1', 'offset=1.5']) {
      const res = await get(`/api/campaigns/${c.mint}/proof?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error).toMatch(/^(limit|offset) must/);
    }
    const res = await get(`/api/campaigns/${Keypair.generate().publicKey.toBase58()}/proof`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Campaign not found' });
  });
});

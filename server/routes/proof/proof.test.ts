import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { Keypair, PublicKey, type ParsedTransactionWithMeta } from '@solana/web3.js';
import { lamportsToSolString } from '../../../core/money';
import { rentExemptLamports } from '../../../core/rent';
import { curvePartner } from '../../curve/configs';
import { launchDbcCampaign } from '../../curve/testing/dbcCampaign';
import { dbcBuy, dbcSell, fundedTrader } from '../../curve/testing/dbcTrade';
import { curveTrades, distributionRuns, donations } from '../../db/schema';
import { tokenBalance } from '../../demo/market';
import { distributorFor } from '../../distributor';
import { indexDonations } from '../../donations/indexer';
import { createTestApp, type TestApp } from '../../testing/app';
import type { CampaignProof } from '../../../app/api/proof';

// Proof of funds for a campaign on its own DBC pool: its fee is claimed in SOL straight to the donation
// wallet (4.8% of each trade), nothing withheld, collected or sold.
const SOL = 1_000_000_000n;
let t: TestApp;
let treasury: Keypair;
let c: Awaited<ReturnType<typeof launchDbcCampaign>>;

beforeAll(async () => {
  t = await createTestApp({ CURVE_PROGRAM: 'dbc' });
  treasury = await t.services.keys.treasury();
}, 60_000);
afterAll(async () => { await t?.close(); });

const get = (url: string) => t.app.inject({ method: 'GET', url });
const lamportsOf = async (address: PublicKey) => BigInt(await t.services.chain.connection.getBalance(address, 'confirmed'));

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

/** A round of trading by three wallets: buys and sells, each paying the pool's fee. */
async function trade(traders: Keypair[], round: number) {
  for (const [i, trader] of traders.entries()) {
    await dbcBuy(t.app, c.mint, trader, SOL / 2n + BigInt(round * 7 + i) * (SOL / 10n));
    await dbcSell(t.app, c.mint, trader, (await tokenBalance(t.services, c.mint, trader.publicKey)) / 3n);
  }
}

/** What the indexed trades earned the cause: each pool fee less DBC's protocol share. */
const accruedFromTrades = async () => (await t.services.db.select().from(curveTrades).where(eq(curveTrades.mint, c.mint)))
  .reduce((sum, row) => sum + row.feeLamports - row.protocolFeeLamports, 0n);

describe('GET /api/campaigns/{tokenAddress}/proof', () => {
  let traders: Keypair[];

  beforeAll(async () => {
    c = await launchDbcCampaign(t.services, { form: { ticker: 'proof' } });
    traders = await Promise.all([1, 2, 3].map(() => fundedTrader(t.services, 10n * SOL)));
    // Three rounds of trades, each followed by a distributor pass; then trades nobody claimed yet.
    for (let round = 0; round < 3; round++) {
      await trade(traders, round);
      const pass = await distributorFor(t.services).run();
      const errors = (await t.services.db.select().from(distributionRuns)).map((r) => r.lastError);
      expect(pass, JSON.stringify(errors)).toMatchObject({ started: 1, paid: 1, unfinished: 0 });
    }
    await trade(traders, 3);
  }, 180_000);

  it('sums the runs to the lamport of what the chain says their claims moved, and reconciles what the trades earned', async () => {
    const proof = await proofOf(c.mint);
    const donationWallet = new PublicKey(c.donationWallet);
    expect(proof.program).toBe('dbc');
    expect(proof.wallets).toEqual({ distributor: c.distributionWallet, donation: c.donationWallet, treasury: treasury.publicKey.toBase58() });
    expect(proof.runs).toMatchObject({ total: 3, paid: 3, limit: 100, offset: 0 });
    expect(proof.runs.items).toHaveLength(3);

    let delivered = 0n;
    for (const run of proof.runs.items) {
      // One transaction a run: the claim, paying the donation wallet exactly what it took from the pool.
      expect(run).toMatchObject({ kind: 'dbc_claim', state: 'paid', collectedTokens: null, soldTokens: null, soldLamports: null, platformFeeLamports: '0' });
      expect(run.signatures).toMatchObject({ harvest: [], withdraw: [], topUp: [], sell: [], payout: [], claim: [expect.any(String)] });
      const claim = await parsed(run.signatures.claim[0]!);
      expect(run.donatedLamports).toBe(lamportDelta(claim, donationWallet).toString());
      expect(lamportDelta(claim, treasury.publicKey)).toBeLessThanOrEqual(0n); // the treasury pays the network fee; no share of the fee
      delivered += lamportDelta(claim, donationWallet);
    }
    expect(delivered).toBeGreaterThan(0n);
    expect(proof.delivered.lamports).toBe(delivered.toString());
    expect(proof.delivered.sol).toBe(lamportsToSolString(delivered));
    expect(proof.platformFee.lamports).toBe('0');
    expect(proof.collected).toEqual({ tokens: '0', unsoldTokens: '0' });
    expect(proof.sold).toMatchObject({ tokens: '0', lamports: '0' });
    // Nothing but claims ever reached the donation wallet: its balance is the delivered sum.
    expect(await lamportsOf(donationWallet)).toBe(delivered);
    // Earned = delivered + what waits in the pool (the last round's fees), to the lamport.
    const accrued = await accruedFromTrades();
    expect(proof.claims).toMatchObject({ accrued: { lamports: accrued.toString() }, unclaimed: { lamports: (accrued - delivered).toString() } });
    expect(accrued - delivered).toBeGreaterThan(0n);
    // The distributor keeps nothing between claims.
    expect(proof.undelivered).toEqual({
      lamports: '0', sol: '0', distributorLamports: (await lamportsOf(new PublicKey(c.distributionWallet))).toString(), rentExemptLamports: rentExemptLamports(0).toString(),
    });
    expect(proof.undelivered.distributorLamports).toBe('0');
  });

  it('agrees with the reward rows the donations indexer read from the chain', async () => {
    const proof = await proofOf(c.mint);
    await indexDonations(t.services);
    const campaignId = (await t.services.db.query.campaigns.findFirst({ where: (x, { eq: is }) => is(x.tokenAddress, c.mint) }))!.id;
    const rewards = await t.services.db.select().from(donations).where(and(eq(donations.campaignId, campaignId), eq(donations.kind, 'reward')));
    expect(rewards.map((r) => r.signature).sort()).toEqual(proof.runs.items.flatMap((r) => r.signatures.claim).sort());
    expect(rewards.reduce((s, r) => s + r.lamports, 0n).toString()).toBe(proof.delivered.lamports);
  });

  it('states the token as the mint has it: no authority left, no transfer fee, nothing withheld', async () => {
    const proof = await proofOf(c.mint);
    // The metadata is the partner key's to update (the configs' token authority option), a platform key, as the trust panel says.
    expect(proof.authorities).toEqual({
      mintAuthority: null, freezeAuthority: null, transferFeeConfigAuthority: null, withdrawWithheldAuthority: null,
      metadataUpdateAuthority: (await curvePartner(t.services)).publicKey.toBase58(),
    });
    expect(proof.token).toMatchObject({ transferFeeBps: 0 });
    expect(proof.withheld).toEqual({ totalTokens: '0', inMintTokens: '0', inAccountsTokens: '0', accounts: 0 });
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

import { Keypair, PublicKey } from '@solana/web3.js';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAMPORTS_PER_SOL } from '../../core/constants';
import { cpAmmOf } from '../curve/clients';
import { curvePartner } from '../curve/configs';
import { buildPartnerClaimTransaction } from '../curve/partnerClaimTransaction';
import { launchDbcCampaign } from '../curve/testing/dbcCampaign';
import { readVirtualPool } from '../curve/virtualPool';
import { curvePools, curveTrades, distributionRuns } from '../db/schema';
import { graduateCompleteCurves } from '../jobs/graduateCurves';
import { launchChain } from '../chain/chainOps';
import { platformRevenue } from '../revenue/chainRevenue';
import { createTestApp, type TestApp } from '../testing/app';
import { testIp } from '../testing/wallet';
import { signAsWallet } from '../testing/signing';
import { distributorFor } from './distributor';
import { findRun, journalTx } from './journal';
import { insertPartnerClaimRuns } from './partnerCandidates';

// The platform's share of every pool's non-protocol fee: DBC rounds the creator's 75% down and the partner takes the rest.
const SHARE = 25n;

describe('the distributor claims the platform\'s share of a campaign\'s DBC pool fee to the treasury', () => {
  let t: TestApp;
  let campaign: Awaited<ReturnType<typeof launchDbcCampaign>>;
  let partner: Keypair;
  let treasury: Keypair;
  const trader = Keypair.generate();
  const connection = () => t.services.chain.connection;

  const trade = async (side: 'buy' | 'sell', amount: string) => {
    const built = await t.app.inject({ method: 'POST', url: `/api/curve/${campaign.mint}/${side}`, payload: { wallet: trader.publicKey.toBase58(), amount, slippageBps: 500 }, remoteAddress: testIp() });
    const done = await t.app.inject({ method: 'POST', url: `/api/curve/${campaign.mint}/execute`, payload: { transactionBase64: signAsWallet(built.json().transactionBase64, trader) }, remoteAddress: testIp() });
    expect(done.statusCode, done.body).toBe(200);
    return done.json();
  };
  /** The curve's trades split as DBC splits each one: the cause's (the creator's, rounded down) and the platform's. */
  const sharesOfTrades = async (rows?: { feeLamports: bigint; protocolFeeLamports: bigint }[]) => {
    let cause = 0n;
    let platform = 0n;
    for (const row of rows ?? await t.services.db.select().from(curveTrades).where(eq(curveTrades.mint, campaign.mint))) {
      const fee = row.feeLamports - row.protocolFeeLamports;
      const creator = (fee * (100n - SHARE)) / 100n;
      cause += creator;
      platform += fee - creator;
    }
    return { cause, platform };
  };
  const balance = (key: PublicKey) => connection().getBalance(key, 'confirmed').then(BigInt);
  const pool = async () => (await readVirtualPool(connection(), new PublicKey(campaign.pool)))!.poolState;
  const partnerRuns = () => t.services.db.select().from(distributionRuns)
    .where(and(eq(distributionRuns.mint, campaign.mint), eq(distributionRuns.kind, 'partner_claim'))).orderBy(desc(distributionRuns.createdAt));
  const dbcRuns = () => t.services.db.select().from(distributionRuns)
    .where(and(eq(distributionRuns.mint, campaign.mint), eq(distributionRuns.kind, 'dbc_claim'))).orderBy(desc(distributionRuns.createdAt));
  const get = async (path: string) => (await t.app.inject({ method: 'GET', url: `/api/campaigns/${campaign.mint}/${path}`, remoteAddress: testIp() })).json();
  /** The treasury's balance change in one landed transaction. */
  const treasuryDelta = async (signature: string) => {
    const tx = (await connection().getTransaction(signature, { commitment: 'confirmed', maxSupportedTransactionVersion: 0 }))!;
    const i = tx.transaction.message.getAccountKeys().staticAccountKeys.findIndex((k) => k.equals(treasury.publicKey));
    return BigInt(tx.meta!.postBalances[i]!) - BigInt(tx.meta!.preBalances[i]!);
  };

  beforeAll(async () => {
    t = await createTestApp({ DISTRIBUTOR_MIN_PAYOUT_LAMPORTS: '1000', CURVE_PLATFORM_SHARE_PERCENT: String(SHARE) });
    campaign = await launchDbcCampaign(t.services, { initialBuyLamports: LAMPORTS_PER_SOL / 2n });
    partner = await curvePartner(t.services);
    treasury = await t.services.keys.treasury();
    await t.services.chain.airdrop!(trader.publicKey.toBase58(), 40n * LAMPORTS_PER_SOL);
  }, 60_000);
  afterAll(async () => { await t.close(); });

  it('pays the treasury exactly the pool\'s accrued partner fee, beside the cause\'s claim, once; proof of funds tells the two apart', async () => {
    const bought = await trade('buy', '2');
    await trade('sell', bought.expectedOutput);
    const { cause, platform } = await sharesOfTrades();
    expect(platform).toBeGreaterThan(0n);
    expect(BigInt((await pool()).partnerQuoteFee.toString())).toBe(platform);

    const before = await balance(treasury.publicKey);
    const first = await distributorFor(t.services).run();
    // Two runs: the cause's claim to the donation wallet and the platform's to the treasury.
    expect(first).toMatchObject({ ran: true, started: 2, paid: 2, unfinished: 0, donatedLamports: cause, platformFeeLamports: platform });
    const [run] = await partnerRuns();
    expect(run).toMatchObject({
      kind: 'partner_claim', state: 'paid', distributorWallet: partner.publicKey.toBase58(), donationLamports: 0n, platformFeeLamports: platform,
    });
    expect(run!.txs.map((tx) => [tx.step, tx.payer])).toEqual([['claim', 'distributor']]);
    // The claim's transaction moved exactly the partner fee into the treasury (the partner key paid its fee and rent) ...
    expect(await treasuryDelta(run!.payoutSignature!)).toBe(platform);
    // ... and over the pass the treasury rose by it, less only what the cause's claim cost it (its fee, and its distributor's token account, once).
    const [dbcRun] = await dbcRuns();
    expect(await balance(treasury.publicKey) - before).toBe(platform - dbcRun!.networkFeeLamports! - dbcRun!.tokenAccountRentLamports!);
    expect(BigInt((await pool()).partnerQuoteFee.toString())).toBe(0n);
    // The platform's revenue, read from the chain, has the claim at its amount.
    expect((await platformRevenue(t.services)).find((e) => e.signature === run!.payoutSignature)).toMatchObject({ source: 'distributor_fee', lamports: platform });

    // Nothing accrued since: no run, nothing paid.
    const treasuryNow = await balance(treasury.publicKey);
    expect(await distributorFor(t.services).run()).toMatchObject({ started: 0, paid: 0 });
    expect(await balance(treasury.publicKey)).toBe(treasuryNow);

    // Proof of funds: the cause's accrued = delivered + unclaimed, the platform's accrued = claimed + unclaimed, to the lamport.
    await trade('buy', '1');
    const shares = await sharesOfTrades();
    const proof = await get('proof');
    expect(proof.claims).toMatchObject({
      accrued: { lamports: shares.cause.toString() }, unclaimed: { lamports: (shares.cause - cause).toString() },
      platform: { accrued: { lamports: shares.platform.toString() }, claimed: { lamports: platform.toString() }, unclaimed: { lamports: (shares.platform - platform).toString() } },
    });
    expect(proof.delivered.lamports).toBe(cause.toString());
    // The platform's claims count as the platform's fee, never as delivered to the cause.
    expect(proof.platformFee.lamports).toBe(platform.toString());
    expect(proof.runs.items.map((r: { kind: string }) => r.kind).sort()).toEqual(['dbc_claim', 'partner_claim']);
    // The cause's payouts (the trust page) are the cause's claims alone.
    expect((await get('trust')).cause.payouts).toMatchObject({ count: 1, lamports: cause.toString() });

    const second = await distributorFor(t.services).run();
    expect(second).toMatchObject({ paid: 2, donatedLamports: shares.cause - cause, platformFeeLamports: shares.platform - platform });
    const after = await get('proof');
    expect([after.claims.unclaimed.lamports, after.claims.platform.unclaimed.lamports]).toEqual(['0', '0']);
    expect([after.delivered.lamports, after.claims.platform.claimed.lamports]).toEqual([shares.cause.toString(), shares.platform.toString()]);
  }, 90_000);

  it('a claim that landed before a crash is recorded and never sent again; one journaled that never landed is rebuilt; one run at a time', async () => {
    await trade('buy', '1');
    const accrued = (await sharesOfTrades()).platform - (await partnerRuns()).reduce((sum, r) => sum + r.platformFeeLamports!, 0n);
    expect((await distributorFor(t.services).run()).platformFeeLamports).toBe(accrued);
    // The process died right after the send: the claim is in the journal and on the chain, the run not yet paid.
    const [landed] = await partnerRuns();
    await t.services.db.update(distributionRuns).set({ state: 'started', paidAt: null, networkFeeLamports: null, tokenAccountRentLamports: null })
      .where(eq(distributionRuns.id, landed!.id));
    const treasuryBefore = await balance(treasury.publicKey);
    const resumed = await distributorFor(t.services).run();
    expect(resumed).toMatchObject({ resumed: 1, started: 0, paid: 1, platformFeeLamports: accrued });
    expect(await balance(treasury.publicKey)).toBe(treasuryBefore);
    const [again] = await partnerRuns();
    expect(again).toMatchObject({ id: landed!.id, state: 'paid', platformFeeLamports: accrued, payoutSignature: landed!.payoutSignature });
    expect(again!.txs).toHaveLength(1);
    expect(again!.networkFeeLamports).toBe(landed!.networkFeeLamports);

    // A claim journaled but never sent (the process died between the two): the next pass finds it
    // did not land, rebuilds it with what the pool shows then, and pays that once.
    await trade('buy', '1');
    const due = BigInt((await pool()).partnerQuoteFee.toString());
    const [fresh] = await insertPartnerClaimRuns(t.services, [{ campaignId: campaign.campaignId, mint: campaign.mint, partner: partner.publicKey.toBase58(), accrued: due }], treasury.publicKey.toBase58());
    // A second start of the same claim (another pass at once) is no second run.
    expect(await insertPartnerClaimRuns(t.services, [{ campaignId: campaign.campaignId, mint: campaign.mint, partner: partner.publicKey.toBase58(), accrued: due }], treasury.publicKey.toBase58())).toEqual([]);
    const chain = launchChain(t.services.chain);
    const lost = (await buildPartnerClaimTransaction(connection(), { pool: new PublicKey(campaign.pool), partner: partner.publicKey, treasury: treasury.publicKey }))!;
    lost.transaction.recentBlockhash = await chain.blockhash();
    const ctx = { services: t.services, chain, run: (await findRun(t.services, fresh!.id))!, treasury, distributor: partner };
    const { signature: lostSignature } = await journalTx(ctx, 'claim', lost.transaction, [partner], 0n,
      (signature) => ({ payoutSignature: signature, donationLamports: 0n, platformFeeLamports: lost.lamports }));
    await trade('buy', '1');
    const now = BigInt((await pool()).partnerQuoteFee.toString());
    expect(now).toBeGreaterThan(due);
    const before = await balance(treasury.publicKey);
    const dbcRunsBefore = new Set((await dbcRuns()).map((r) => r.id));
    const pass = await distributorFor(t.services).run();
    expect(pass).toMatchObject({ unfinished: 0, platformFeeLamports: now });
    const [rebuilt] = await partnerRuns();
    expect(rebuilt).toMatchObject({ id: fresh!.id, state: 'paid', platformFeeLamports: now });
    expect(rebuilt!.txs).toHaveLength(2);
    expect(rebuilt!.payoutSignature).not.toBe(lostSignature);
    expect(await treasuryDelta(rebuilt!.payoutSignature!)).toBe(now);
    expect(await connection().getSignatureStatus(lostSignature, { searchTransactionHistory: true })).toMatchObject({ value: null });
    // The pass's claim for the cause cost the treasury its fee.
    const dbcCost = (await dbcRuns()).filter((r) => !dbcRunsBefore.has(r.id)).reduce((sum, r) => sum + r.networkFeeLamports! + r.tokenAccountRentLamports!, 0n);
    expect(await balance(treasury.publicKey) - before).toBe(now - dbcCost);
    // Every claim the platform made reached the treasury once: the runs' sum is what the trades gave it.
    const all = await partnerRuns();
    expect(all.reduce((sum, r) => sum + r.platformFeeLamports!, 0n)).toBe((await sharesOfTrades()).platform);
    expect(new Set(all.map((r) => r.payoutSignature)).size).toBe(all.length);
  }, 90_000);

  it('after graduation claims what the curve accrued to its end; the DAMM v2 pool gives the platform nothing', async () => {
    await trade('buy', '25');
    expect(await graduateCompleteCurves(t.services)).toBe(1);
    const [row] = await t.services.db.select().from(curvePools).where(eq(curvePools.mint, campaign.mint));
    const curveShares = await sharesOfTrades();
    // The curve's partner fee stays claimable after the migration.
    expect((await distributorFor(t.services).run()).paid).toBe(2);
    const claimed = () => partnerRuns().then((runs) => runs.reduce((sum, r) => sum + r.platformFeeLamports!, 0n));
    expect(await claimed()).toBe(curveShares.platform);

    // The migration locked all the liquidity in the creator role's one position: the partner key holds none, so no share of its fees.
    const positions = await cpAmmOf(connection()).getUserPositionByPool(new PublicKey(row!.dammPool!), partner.publicKey);
    expect(positions).toEqual([]);
    const bought = await trade('buy', '1');
    await trade('sell', bought.expectedOutput);
    const pass = await distributorFor(t.services).run();
    expect(pass).toMatchObject({ paid: 1, platformFeeLamports: 0n });
    expect(await claimed()).toBe(curveShares.platform);
    const proof = await get('proof');
    expect(proof.claims.platform).toMatchObject({ accrued: { lamports: curveShares.platform.toString() }, unclaimed: { lamports: '0' } });
  }, 90_000);
});

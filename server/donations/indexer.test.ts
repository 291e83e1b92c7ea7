import { Keypair, PublicKey, SystemProgram, Transaction } from '@solana/web3.js';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseTransferRequestUrl } from '../../core/solanaPay';
import { signTransaction } from '../chain/token';
import { campaigns, donationCursors, donations, platformStats, verifiedCharities } from '../db/schema';
import { payOutDbc } from '../curve/testing/dbcPayout';
import { buy } from '../demo/market';
import type { AppEvent } from '../events/hub';
import { tradeHooksIdle } from '../market/registerTradeHooks';
import { createTestApp, type TestApp } from '../testing/app';
import { indexDonations } from './indexer';
import { referenceOf } from './references';
import { donor, launchCampaign, proveControl, sendSol } from './testing/donationFlow';

const SOL = 1_000_000_000n;

describe('the donation indexer, through the ledger', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp({ CURVE_PROGRAM: 'dbc' }); });
  afterAll(async () => { await t?.close(); });

  const rowsOf = (campaignId: number) => t.services.db.select().from(donations).where(eq(donations.campaignId, campaignId));
  const campaignRow = async (campaignId: number) => (await t.services.db.select().from(campaigns).where(eq(campaigns.id, campaignId)))[0]!;

  it('indexes direct donations and a distributor reward into a wallet its creator proved, ignores a failed transfer, and a re-scan adds nothing', async () => {
    const beneficiaryKey = Keypair.generate();
    const beneficiary = beneficiaryKey.publicKey.toBase58();
    const own = await launchCampaign(t.services, 'Own wallet', beneficiary);
    await proveControl(t.app, t.services, 'Own wallet', beneficiaryKey);
    const alice = await donor(t.services, 'alice');
    const bob = await donor(t.services, 'bob');

    const plain = await sendSol(t.services, alice, beneficiary, SOL / 2n);
    const referenced = await sendSol(t.services, bob, beneficiary, SOL / 4n, { references: [await referenceOf(t.services.db, own.campaignId)] });
    // The distributor job's payout on DBC: the pool's creator fee from alice's trade (4.8% of it, in SOL)
    // claimed by the campaign's distributor key straight to the donation wallet, in one transaction.
    await buy(t.services, alice, own.mint, SOL);
    const reward = await payOutDbc(t.services, own.mint);
    expect(reward.lamports).toBeGreaterThanOrEqual(SOL * 48n / 1000n - 2n);
    expect(reward.lamports).toBeLessThanOrEqual(SOL * 48n / 1000n);
    const failed = await sendSol(t.services, alice, beneficiary, 1000n * SOL, { fail: true });
    expect(failed.err).not.toBeNull();
    // It is in the wallet's history, as on a real cluster, and still must not count.
    const history = await t.services.chain.connection.getSignaturesForAddress(new PublicKey(beneficiary));
    expect(history.map((h) => h.signature)).toContain(failed.signature);

    const seen: AppEvent[] = [];
    const stop = t.services.events.subscribe((e) => seen.push(e));
    const added = await indexDonations(t.services);
    expect(added.map((d) => [d.signature, d.kind, d.fromWallet, d.lamports]).sort()).toEqual([
      [plain.signature, 'direct', alice.publicKey.toBase58(), SOL / 2n],
      [referenced.signature, 'direct', bob.publicKey.toBase58(), SOL / 4n],
      [reward.signature, 'reward', own.distributorWallet, reward.lamports],
    ].sort());

    const row = await campaignRow(own.campaignId);
    expect(row.raisedLamports).toBe(SOL / 2n + SOL / 4n + reward.lamports);
    expect(row.backers).toBe(2);
    await expect.poll(() => seen.filter((e) => e.type === 'donation').map((e) => e.signature).sort())
      .toEqual([plain.signature, referenced.signature, reward.signature].sort());
    expect(seen.find((e) => e.signature === reward.signature)).toMatchObject({ mint: own.mint, kind: 'reward', lamports: reward.lamports.toString() });
    await expect.poll(() => seen.map((e) => e.type)).toContain('platform_stats_changed');
    stop();

    // Again with the cursor, and again from scratch: nothing twice.
    expect(await indexDonations(t.services)).toEqual([]);
    await t.services.db.delete(donationCursors);
    expect(await indexDonations(t.services)).toEqual([]);
    expect(await rowsOf(own.campaignId)).toHaveLength(3);
    expect((await campaignRow(own.campaignId)).raisedLamports).toBe(SOL / 2n + SOL / 4n + reward.lamports);

    // A trader is a backer too; a donor who also trades counts once.
    await buy(t.services, alice, own.mint, SOL / 10n);
    await buy(t.services, await donor(t.services, 'carol'), own.mint, SOL / 10n);
    await tradeHooksIdle(t.services);
    expect((await campaignRow(own.campaignId)).backers).toBe(3);
  });

  it('on a charity wallet shared by two campaigns, attributes direct donations by reference only, and rewards by distributor', async () => {
    const [charity] = await t.services.db.select().from(verifiedCharities).limit(1);
    const wallet = charity!.walletAddress;
    const first = await launchCampaign(t.services, 'Charity one', wallet);
    const second = await launchCampaign(t.services, 'Charity two', wallet);
    const [refFirst, refSecond] = [await referenceOf(t.services.db, first.campaignId), await referenceOf(t.services.db, second.campaignId)];
    const dave = await donor(t.services, 'dave');

    const toFirst = await sendSol(t.services, dave, wallet, 3n * SOL / 10n, { references: [refFirst] });
    const toSecond = await sendSol(t.services, dave, wallet, 7n * SOL / 10n, { references: [refSecond] });
    await sendSol(t.services, dave, wallet, SOL); // to the charity in general: nobody's campaign
    // The second campaign's payout: its pool's fee from dave's trade, claimed by its distributor key to the charity.
    await buy(t.services, dave, second.mint, SOL);
    const reward = await payOutDbc(t.services, second.mint);
    // Seen through the distributor wallet's history, yet a plain gift to the charity: still nobody's.
    const ledger = t.services.chain.ledger!;
    const mixed = new Transaction({ feePayer: dave.publicKey, recentBlockhash: ledger.latestBlockhash.blockhash }).add(
      SystemProgram.transfer({ fromPubkey: dave.publicKey, toPubkey: new PublicKey(second.distributorWallet), lamports: SOL / 100n }),
      SystemProgram.transfer({ fromPubkey: dave.publicKey, toPubkey: new PublicKey(wallet), lamports: SOL / 2n }),
    );
    expect((await ledger.send(signTransaction(mixed, [dave]), { preflight: true })).kind).toBe('landed');

    await indexDonations(t.services);
    expect((await rowsOf(first.campaignId)).map((d) => [d.signature, d.kind, d.lamports])).toEqual([[toFirst.signature, 'direct', 3n * SOL / 10n]]);
    expect((await rowsOf(second.campaignId)).map((d) => [d.signature, d.kind, d.lamports]).sort())
      .toEqual([[toSecond.signature, 'direct', 7n * SOL / 10n], [reward.signature, 'reward', reward.lamports]].sort());
    expect((await campaignRow(first.campaignId)).raisedLamports).toBe(3n * SOL / 10n);
    expect((await campaignRow(second.campaignId)).raisedLamports).toBe(7n * SOL / 10n + reward.lamports);
  });

  it('a transfer built from donate-link is attributed to that campaign', async () => {
    const [charity] = await t.services.db.select().from(verifiedCharities).limit(1);
    const [target] = await t.services.db.select().from(campaigns).where(eq(campaigns.name, 'Charity two'));
    const res = await t.app.inject({ method: 'GET', url: `/api/campaigns/${target!.tokenAddress}/donate-link?amount=0.25` });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ url: string; reference: string; recipient: string }>();
    expect(body.recipient).toBe(charity!.walletAddress);
    const request = parseTransferRequestUrl(body.url);
    expect(request).toMatchObject({ recipient: charity!.walletAddress, amountLamports: SOL / 4n, references: [body.reference], label: 'Causemint', message: 'Donation to Charity two' });

    // What a wallet does with it (the Solana Pay spec): the references as read-only non-signer keys of the transfer.
    const erin = await donor(t.services, 'erin');
    const transfer = SystemProgram.transfer({ fromPubkey: erin.publicKey, toPubkey: new PublicKey(request.recipient), lamports: request.amountLamports! });
    for (const reference of request.references) transfer.keys.push({ pubkey: new PublicKey(reference), isSigner: false, isWritable: false });
    const ledger = t.services.chain.ledger!;
    const tx = new Transaction({ feePayer: erin.publicKey, recentBlockhash: ledger.latestBlockhash.blockhash }).add(transfer);
    const outcome = await ledger.send(signTransaction(tx, [erin]), { preflight: true });
    expect(outcome.kind).toBe('landed');
    const signature = outcome.kind === 'landed' ? outcome.record.signature : '';

    const added = await indexDonations(t.services);
    expect(added.map((d) => [d.signature, d.campaignId, d.kind, d.fromWallet, d.lamports])).toEqual([
      [signature, target!.id, 'direct', erin.publicKey.toBase58(), SOL / 4n],
    ]);
  });

  it('platform stats follow the indexed donations', async () => {
    const rows = await t.services.db.select().from(platformStats);
    const stat = (key: string) => rows.find((r) => r.statKey === key)?.statValue;
    const all = await t.services.db.select().from(donations);
    expect(stat('total_donations')).toBe(BigInt(all.length));
    expect(stat('total_sol_raised')).toBe(all.reduce((sum, d) => sum + d.lamports, 0n));
    expect(stat('total_campaigns')).toBe(3n);
    const served = (await t.app.inject({ method: 'GET', url: '/api/platform/stats' })).json();
    expect(served).toMatchObject({ totalDonations: all.length, totalCampaigns: 3 });
    expect(served.totalBackers).toBe((await t.services.db.select().from(campaigns)).reduce((sum, c) => sum + c.backers, 0));
  });

  it('indexes a backlog longer than one commit in full, in order, and resumes from the stored cursor', async () => {
    const [own] = await t.services.db.select().from(campaigns).where(eq(campaigns.name, 'Own wallet'));
    const before = (await rowsOf(own!.id)).length;
    const frank = await donor(t.services, 'frank');
    const sent: string[] = [];
    for (let i = 1n; i <= 230n; i++) sent.push((await sendSol(t.services, frank, own!.donationWallet!, 1_000_000n + i)).signature);
    const added = await indexDonations(t.services);
    expect(added.map((d) => d.signature)).toEqual(sent);
    expect(await rowsOf(own!.id)).toHaveLength(before + 230);
    const [cursor] = await t.services.db.select().from(donationCursors).where(eq(donationCursors.address, own!.donationWallet!));
    expect(cursor!.lastSignature).toBe(sent[229]);
  });

  it('a pass over named addresses reads only those (a wake on the local ledger), and the next full pass catches up the rest', async () => {
    const [own] = await t.services.db.select().from(campaigns).where(eq(campaigns.name, 'Own wallet'));
    const [shared] = await t.services.db.select().from(campaigns).where(eq(campaigns.name, 'Charity one'));
    const gina = await donor(t.services, 'gina');
    const toOwn = await sendSol(t.services, gina, own!.donationWallet!, SOL / 20n);
    const toShared = await sendSol(t.services, gina, shared!.donationWallet!, SOL / 20n, { references: [await referenceOf(t.services.db, shared!.id)] });
    expect((await indexDonations(t.services, new Set([own!.donationWallet!]))).map((d) => d.signature)).toEqual([toOwn.signature]);
    expect((await indexDonations(t.services)).map((d) => d.signature)).toEqual([toShared.signature]);
  });
});

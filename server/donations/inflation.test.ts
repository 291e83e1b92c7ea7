import { Keypair, PublicKey, SystemProgram, Transaction } from '@solana/web3.js';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signTransaction } from '../chain/token';
import { campaigns, donations } from '../db/schema';
import { buy, sell, tokenBalance } from '../demo/market';
import { tradeHooksIdle } from '../market/registerTradeHooks';
import { createTestApp, type TestApp } from '../testing/app';
import { indexDonations } from './indexer';
import { referenceOf } from './references';
import { creatorOf, donor, launchCampaign, proveControl, sendSol } from './testing/donationFlow';

const SOL = 1_000_000_000n;

/**
 * Issue 21's attacks on raised amounts and backers, each performed on the ledger and
 * refused: wash donations, SOL paid out by platform keys, griefing a victim's wallet, dust backers.
 */
describe('raised amounts and backers that cannot be inflated', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp({ CURVE_PROGRAM: 'dbc' }); });
  afterAll(async () => { await t?.close(); });

  const campaignRow = async (id: number) => (await t.services.db.select().from(campaigns).where(eq(campaigns.id, id)))[0]!;
  const rowsOf = (id: number) => t.services.db.select().from(donations).where(eq(donations.campaignId, id));
  const page = async (mint: string) => (await t.app.inject({ method: 'GET', url: `/api/campaigns/${mint}` })).json<Record<string, unknown>>();

  /** One transaction: `from` sends `lamports` to the wallet, and the wallet sends `back` to `from`. */
  async function roundTrip(from: Keypair, wallet: Keypair, lamports: bigint, back: bigint, reference?: string): Promise<string> {
    const ledger = t.services.chain.ledger!;
    const gift = SystemProgram.transfer({ fromPubkey: from.publicKey, toPubkey: wallet.publicKey, lamports });
    if (reference) gift.keys.push({ pubkey: new PublicKey(reference), isSigner: false, isWritable: false });
    const tx = new Transaction({ feePayer: from.publicKey, recentBlockhash: ledger.latestBlockhash.blockhash }).add(
      gift, SystemProgram.transfer({ fromPubkey: wallet.publicKey, toPubkey: from.publicKey, lamports: back }),
    );
    const outcome = await ledger.send(signTransaction(tx, [from, wallet]), { preflight: true });
    if (outcome.kind !== 'landed' || outcome.record.err) throw new Error(`round trip: ${outcome.kind} ${outcome.kind === 'landed' ? String(outcome.record.err) : ''}`);
    return outcome.record.signature;
  }

  it('a wash (5 SOL in and out of the donation wallet in one transaction, three times) raises nothing; a partial one only what stayed', async () => {
    const walletKey = Keypair.generate();
    const wash = await launchCampaign(t.services, 'Wash', walletKey.publicKey.toBase58());
    await proveControl(t.app, t.services, 'Wash', walletKey);
    const mallory = await donor(t.services, 'mallory');
    await sendSol(t.services, mallory, walletKey.publicKey.toBase58(), SOL / 100n); // the wallet needs rent to send back
    await indexDonations(t.services);
    const raisedBefore = (await campaignRow(wash.campaignId)).raisedLamports;
    const reference = await referenceOf(t.services.db, wash.campaignId);
    // Amounts differ by a lamport so three transactions are three, not one sent three times.
    for (let i = 0n; i < 3n; i++) await roundTrip(mallory, walletKey, 5n * SOL + i, 5n * SOL + i);
    await roundTrip(mallory, walletKey, 5n * SOL, 5n * SOL, reference); // a reference changes nothing
    expect(await indexDonations(t.services)).toEqual([]);
    expect((await campaignRow(wash.campaignId)).raisedLamports).toBe(raisedBefore);

    const partial = await roundTrip(mallory, walletKey, 5n * SOL, 4n * SOL);
    const added = await indexDonations(t.services);
    expect(added.map((d) => [d.signature, d.kind, d.fromWallet, d.lamports])).toEqual([[partial, 'direct', mallory.publicKey.toBase58(), SOL]]);
    expect((await campaignRow(wash.campaignId)).raisedLamports).toBe(raisedBefore + SOL);
  });

  it('a creator whose own wallet is the donation wallet raises nothing by selling tokens (the pool pays it), while a gift to it counts', async () => {
    const creator = await creatorOf(t.services, 'Self');
    const self = await launchCampaign(t.services, 'Self', creator.publicKey.toBase58());
    expect(await page(self.mint)).toMatchObject({ donation_wallet_proven: true, donation_counting: 'all_transfers' });
    await buy(t.services, creator, self.mint, SOL);
    const held = await tokenBalance(t.services, self.mint, creator.publicKey);
    expect(held).toBeGreaterThan(0n);
    const balance = () => t.services.chain.connection.getBalance(creator.publicKey, 'confirmed').then(BigInt);
    const beforeSell = await balance();
    await sell(t.services, creator, self.mint, held);
    // On DBC the SOL comes out of the pool's quote vault (Meteora's pool authority's), unwrapped into the wallet.
    expect(await balance()).toBeGreaterThan(beforeSell);
    await tradeHooksIdle(t.services);
    await indexDonations(t.services);
    expect(await rowsOf(self.campaignId)).toEqual([]);
    expect((await campaignRow(self.campaignId)).raisedLamports).toBe(0n);

    const gift = await sendSol(t.services, await donor(t.services, 'grace'), creator.publicKey.toBase58(), SOL / 5n);
    expect((await indexDonations(t.services)).map((d) => [d.signature, d.lamports])).toEqual([[gift.signature, SOL / 5n]]);
  });

  it('a second campaign naming a victim\'s donation wallet cannot stop the victim\'s plain donations counting, and gets none of them', async () => {
    const victimCreator = await creatorOf(t.services, 'Victim');
    const wallet = victimCreator.publicKey.toBase58();
    const victim = await launchCampaign(t.services, 'Victim', wallet);
    const griefer = await launchCampaign(t.services, 'Griefer', wallet);
    expect(await page(victim.mint)).toMatchObject({ donation_counting: 'all_transfers' });
    expect(await page(griefer.mint)).toMatchObject({ donation_wallet_proven: false, donation_counting: 'reference_only' });

    const dave = await donor(t.services, 'dave');
    const plain = await sendSol(t.services, dave, wallet, SOL / 2n);
    const toGriefer = await sendSol(t.services, dave, wallet, SOL / 10n, { references: [await referenceOf(t.services.db, griefer.campaignId)] });
    await indexDonations(t.services);
    expect((await rowsOf(victim.campaignId)).map((d) => [d.signature, d.lamports])).toEqual([[plain.signature, SOL / 2n]]);
    // Only what named it by its reference: the griefer's campaign cannot claim the victim's gifts.
    expect((await rowsOf(griefer.campaignId)).map((d) => [d.signature, d.lamports])).toEqual([[toGriefer.signature, SOL / 10n]]);
  });

  it('a wallet nobody proved counts only transfers that carry the campaign\'s reference', async () => {
    const stranger = Keypair.generate().publicKey.toBase58();
    const unproven = await launchCampaign(t.services, 'Unproven', stranger);
    const erin = await donor(t.services, 'erin');
    await sendSol(t.services, erin, stranger, SOL);
    const referenced = await sendSol(t.services, erin, stranger, SOL / 4n, { references: [await referenceOf(t.services.db, unproven.campaignId)] });
    await indexDonations(t.services);
    expect((await rowsOf(unproven.campaignId)).map((d) => d.signature)).toEqual([referenced.signature]);
  });

  it('dust trades make no backers: a backer put at least BACKER_MIN_LAMPORTS in, donations and buys together', async () => {
    const dust = await launchCampaign(t.services, 'Dust', Keypair.generate().publicKey.toBase58());
    const reference = await referenceOf(t.services.db, dust.campaignId);
    for (let i = 0; i < 20; i++) await buy(t.services, await donor(t.services, `dust-${i}`), dust.mint, 16_000n);
    const whole = await donor(t.services, 'whole');
    await buy(t.services, whole, dust.mint, 10_000_000n);
    // 0.004 SOL given and 0.006 SOL bought: together the floor.
    const mixed = await donor(t.services, 'mixed');
    await sendSol(t.services, mixed, (await campaignRow(dust.campaignId)).donationWallet!, 4_000_000n, { references: [reference] });
    await buy(t.services, mixed, dust.mint, 6_000_000n);
    const short = await donor(t.services, 'short');
    await buy(t.services, short, dust.mint, 9_999_999n);
    await tradeHooksIdle(t.services);
    await indexDonations(t.services);
    expect((await campaignRow(dust.campaignId)).backers).toBe(2);
    expect(await page(dust.mint)).toMatchObject({ backers: 2 });
    // The launch's initial buy, in the creator's own signed launch transaction, is the creator's, and a
    // creator backs nothing of their own (issue 34), however much they buy and give.
    const bought = await launchCampaign(t.services, 'Bought', Keypair.generate().publicKey.toBase58(), SOL / 50n);
    expect((await campaignRow(bought.campaignId)).backers).toBe(0);
    const boughtRow = await campaignRow(bought.campaignId);
    await sendSol(t.services, await creatorOf(t.services, 'Bought'), boughtRow.donationWallet!, SOL / 50n, { references: [await referenceOf(t.services.db, bought.campaignId)] });
    await indexDonations(t.services);
    expect((await campaignRow(bought.campaignId)).raisedLamports).toBe(SOL / 50n);
    expect((await campaignRow(bought.campaignId)).backers).toBe(0);
    const listed = (await t.app.inject({ method: 'GET', url: '/api/campaigns?limit=50' })).json<{ campaigns: { token_address: string; backers: number }[] }>();
    expect(listed.campaigns.find((c) => c.token_address === dust.mint)?.backers).toBe(2);
  });
});

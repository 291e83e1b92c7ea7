import { Keypair } from '@solana/web3.js';
import { parse } from 'csv-parse/sync';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_COUNTED_TEXT } from '../../core/donations/notCounted';
import { campaigns, donationCursors, donationNettings, donations, donationWalletOutflows } from '../db/schema';
import { airdrop, buy, ensureSol } from '../demo/market';
import { tradeHooksIdle } from '../market/registerTradeHooks';
import { createTestApp, type TestApp } from '../testing/app';
import { signInWallet } from '../testing/wallet';
import { indexDonations } from './indexer';
import { referenceOf } from './references';
import { creatorOf, donor, launchCampaign, makeBusy, sendSol, sendTransfers } from './testing/donationFlow';

const SOL = 1_000_000_000n;
const DAY_MS = 24 * 60 * 60 * 1000;

type ListedDonation = { signature: string; from: string; lamports: string; sentSol: string; notCounted: { reason: string; sol: string; text: string }[]; receiptPath: string | null };

/**
 * Issue 34's attacks on raised, backers and receipts, each staged on the ledger and read
 * back through the indexer and the HTTP API: round trips through the donation wallet
 * across transactions (directly, through one wallet it funded, with the campaign's
 * reference), two donors in one transaction, and the creator's and the cause's own buys.
 */
describe('raised, backers and receipts that cannot be made up', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp({ SOL_USD: '150', CURVE_PROGRAM: 'dbc' }); });
  afterAll(async () => { await t?.close(); });

  const campaignRow = async (id: number) => (await t.services.db.select().from(campaigns).where(eq(campaigns.id, id)))[0]!;
  const rowsFrom = (id: number, wallet: Keypair) => t.services.db.select().from(donations)
    .where(and(eq(donations.campaignId, id), eq(donations.fromWallet, wallet.publicKey.toBase58()))).orderBy(donations.blockTime, donations.slot);
  const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const listed = async (mint: string) => (await get(`/api/campaigns/${mint}/donations?limit=100`)).json<{ donations: ListedDonation[]; totalRaisedSol: string }>();
  const campaignCsv = async (mint: string) => parse((await get(`/api/campaigns/${mint}/donations.csv`)).body, { columns: true }) as Record<string, string>[];
  const donorCsv = async (wallet: Keypair) => {
    const { cookie } = await signInWallet(t.app, wallet);
    return parse((await get('/api/account/donations.csv?year=all', cookie)).body, { columns: true }) as Record<string, string>[];
  };
  /** A wallet of its own with `lamports` from the local faucet (a platform address: never a hop). */
  const fresh = async (lamports: bigint) => {
    const wallet = Keypair.generate();
    await airdrop(t.services, wallet.publicKey, lamports);
    return wallet;
  };
  const address = (wallet: Keypair) => wallet.publicKey.toBase58();

  it('a 5 SOL round trip through the creator\'s own wallet, and three more, raise nothing and make no backer; what came back is shown as not counted, without a receipt', async () => {
    const creator = await creatorOf(t.services, 'Loop');
    const loop = await launchCampaign(t.services, 'Loop', address(creator));
    await ensureSol(t.services, creator.publicKey, 30n * SOL);
    const x = await fresh(SOL / 100n);
    const back: string[] = [];
    for (let i = 0n; i < 4n; i++) {
      await sendSol(t.services, creator, address(x), 5n * SOL + i);
      back.push((await sendSol(t.services, x, address(creator), 5n * SOL + i)).signature);
    }
    await indexDonations(t.services);

    expect((await rowsFrom(loop.campaignId, x)).map((r) => [r.signature, r.lamports, r.roundTripLamports])).toEqual(back.map((s, i) => [s, 0n, 5n * SOL + BigInt(i)]));
    expect(await campaignRow(loop.campaignId)).toMatchObject({ raisedLamports: 0n, backers: 0 });
    const page = await listed(loop.mint);
    expect(page.totalRaisedSol).toBe('0');
    expect(page.donations.find((d) => d.signature === back[0])).toMatchObject({
      from: address(x), lamports: '0', sentSol: '5', receiptPath: null,
      notCounted: [{ reason: 'round_trip', sol: '5', text: NOT_COUNTED_TEXT.round_trip }],
    });
    expect(await campaignCsv(loop.mint)).toEqual([]);
    expect(await donorCsv(x)).toEqual([]);
    // No receipt: the page is told what was sent and why it did not count.
    for (const url of [`/api/receipts/${back[0]}`, `/api/receipts/${back[0]}/${address(x)}`]) {
      const receipt = (await get(url)).json();
      expect(receipt).toMatchObject({ kind: 'not_counted', donor: address(x), sent_sol: '5' });
      expect(receipt.total_sol).toBeUndefined();
      expect(receipt.lines[0].not_counted).toEqual([{ reason: 'round_trip', lamports: '5000000000', sol: '5', text: NOT_COUNTED_TEXT.round_trip }]);
    }

    // What a round trip nets is used once: 2 SOL out nets 2 SOL of the gifts after it, not 2 of each.
    await sendSol(t.services, creator, address(x), 2n * SOL);
    await airdrop(t.services, x.publicKey, SOL);
    const first = await sendSol(t.services, x, address(creator), 3n * SOL / 2n);
    t.services.chain.ledger!.warp(t.services.chain.ledger!.slot + 1n); // a new blockhash: the same transfer again is a new transaction
    const second = await sendSol(t.services, x, address(creator), 3n * SOL / 2n);
    await indexDonations(t.services);
    const [a, b] = (await rowsFrom(loop.campaignId, x)).slice(-2);
    expect([a!.signature, a!.lamports, a!.roundTripLamports]).toEqual([first.signature, 0n, 3n * SOL / 2n]);
    expect([b!.signature, b!.lamports, b!.roundTripLamports]).toEqual([second.signature, SOL, SOL / 2n]);
    expect(await campaignRow(loop.campaignId)).toMatchObject({ raisedLamports: SOL, backers: 1 });
    const receipt = (await get(`/api/receipts/${second.signature}`)).json();
    expect(receipt).toMatchObject({ kind: 'receipt', donor: address(x), total_sol: '1', total_usd_estimate: '150.00' });
    expect(receipt.lines[0]).toMatchObject({ sol: '1', sent_sol: '1.5', not_counted: [{ reason: 'round_trip', sol: '0.5' }] });
    expect((await donorCsv(x)).map((r) => [r.signature, r.sol, r.usd_estimate])).toEqual([[second.signature, '1', '150.00']]);
    expect((await campaignCsv(loop.mint)).map((r) => [r.signature, r.lamports])).toEqual([[second.signature, String(SOL)]]);
  });

  it('fifteen wallets funded by the donation wallet, each sending 0.01 SOL back, make no backers', async () => {
    const creator = await creatorOf(t.services, 'Crowd');
    const crowd = await launchCampaign(t.services, 'Crowd', address(creator));
    const wallets = Array.from({ length: 15 }, () => Keypair.generate());
    for (const wallet of wallets) await sendSol(t.services, creator, address(wallet), 11_500_000n);
    for (const wallet of wallets) await sendSol(t.services, wallet, address(creator), 10_000_000n);
    await indexDonations(t.services);
    const rows = await t.services.db.select().from(donations).where(eq(donations.campaignId, crowd.campaignId));
    expect(rows).toHaveLength(15);
    expect(rows.every((r) => r.lamports === 0n && r.roundTripLamports === 10_000_000n)).toBe(true);
    expect(await campaignRow(crowd.campaignId)).toMatchObject({ raisedLamports: 0n, backers: 0 });
  });

  it('one hop back: SOL the donation wallet gave a wallet that passed it on does not count, plain or with the campaign\'s reference', async () => {
    const creator = await creatorOf(t.services, 'Hop');
    const hop = await launchCampaign(t.services, 'Hop', address(creator));
    await ensureSol(t.services, creator.publicKey, 5n * SOL);
    const [f, x] = [Keypair.generate(), await fresh(SOL / 100n)];
    await sendSol(t.services, creator, address(f), 2n * SOL);
    await sendSol(t.services, f, address(x), SOL);
    const gift = await sendSol(t.services, x, address(creator), SOL);
    await indexDonations(t.services);
    expect((await rowsFrom(hop.campaignId, x)).map((r) => [r.signature, r.lamports, r.hopLamports])).toEqual([[gift.signature, 0n, SOL]]);
    expect((await listed(hop.mint)).donations[0]!.notCounted).toEqual([{ reason: 'hop', lamports: String(SOL), sol: '1', text: NOT_COUNTED_TEXT.hop }]);

    // A wallet nobody proved counts only referenced transfers: whoever holds it can round-trip through the Solana Pay link too.
    const wallet = await fresh(5n * SOL);
    const unproven = await launchCampaign(t.services, 'Hop ref', address(wallet));
    const reference = await referenceOf(t.services.db, unproven.campaignId);
    const [direct, f2, x2] = [Keypair.generate(), Keypair.generate(), await fresh(SOL / 100n)];
    await sendSol(t.services, wallet, address(direct), SOL + SOL / 100n);
    const back = await sendSol(t.services, direct, address(wallet), SOL, { references: [reference] });
    await sendSol(t.services, wallet, address(f2), 2n * SOL);
    await sendSol(t.services, f2, address(x2), SOL);
    const hopped = await sendSol(t.services, x2, address(wallet), SOL, { references: [reference] });
    await indexDonations(t.services);
    expect((await rowsFrom(unproven.campaignId, direct)).map((r) => [r.signature, r.lamports, r.roundTripLamports])).toEqual([[back.signature, 0n, SOL]]);
    expect((await rowsFrom(unproven.campaignId, x2)).map((r) => [r.signature, r.lamports, r.hopLamports])).toEqual([[hopped.signature, 0n, SOL]]);
    expect(await campaignRow(unproven.campaignId)).toMatchObject({ raisedLamports: 0n, backers: 0 });
  });

  it('two donors in one transaction: each their own row and receipt for their own transfer, shared in proportion when the wallet sends some back', async () => {
    const wallet = Keypair.generate();
    const pair = await launchCampaign(t.services, 'Pair', address(wallet));
    const reference = await referenceOf(t.services.db, pair.campaignId);
    const [a, b] = [await donor(t.services, 'pair-a'), await donor(t.services, 'pair-b')];
    // A pays with the campaign's reference; B's transfer rides in the same transaction, signed by both.
    const both = await sendTransfers(t.services, [{ from: a, to: address(wallet), lamports: SOL }, { from: b, to: address(wallet), lamports: 3n * SOL / 2n }], { references: [reference] });
    await indexDonations(t.services);
    expect((await rowsFrom(pair.campaignId, a)).map((r) => [r.signature, r.lamports])).toEqual([[both, SOL]]);
    expect((await rowsFrom(pair.campaignId, b)).map((r) => [r.signature, r.lamports])).toEqual([[both, 3n * SOL / 2n]]);
    expect(await campaignRow(pair.campaignId)).toMatchObject({ raisedLamports: 5n * SOL / 2n, backers: 2 });

    const chooser = (await get(`/api/receipts/${both}`)).json();
    expect(chooser.kind).toBe('senders');
    expect(chooser.senders.map((s: { donor: string; sol: string; receipt_path: string }) => [s.donor, s.sol, s.receipt_path]).sort()).toEqual([
      [address(a), '1', `/receipt/${both}/${address(a)}`], [address(b), '1.5', `/receipt/${both}/${address(b)}`],
    ].sort());
    const receiptA = (await get(`/api/receipts/${both}/${address(a)}`)).json();
    expect(receiptA).toMatchObject({ kind: 'receipt', donor: address(a), total_sol: '1', total_usd_estimate: '150.00', receipt_url: expect.stringMatching(new RegExp(`/receipt/${both}/${address(a)}$`)) });
    expect(receiptA.lines.map((l: { from: string }) => l.from)).toEqual([address(a)]);
    expect((await get(`/api/receipts/${both}/${address(b)}`)).json()).toMatchObject({ donor: address(b), total_sol: '1.5', total_usd_estimate: '225.00' });
    // A wallet that sent nothing in it has no receipt there.
    expect((await get(`/api/receipts/${both}/${address(Keypair.generate())}`)).statusCode).toBe(404);
    expect((await donorCsv(a)).map((r) => [r.signature, r.sol, r.receipt_url.endsWith(`/receipt/${both}/${address(a)}`)])).toEqual([[both, '1', true]]);
    expect((await donorCsv(b)).map((r) => [r.signature, r.sol])).toEqual([[both, '1.5']]);
    expect((await campaignCsv(pair.mint)).filter((r) => r.signature === both).map((r) => [r.from, r.sol]).sort()).toEqual([[address(a), '1'], [address(b), '1.5']].sort());

    // The wallet sends 0.5 SOL out in the same transaction: it kept 2 of 2.5, shared 0.8 and 1.2.
    const shared = await sendTransfers(t.services, [
      { from: a, to: address(wallet), lamports: SOL }, { from: b, to: address(wallet), lamports: 3n * SOL / 2n }, { from: wallet, to: address(Keypair.generate()), lamports: SOL / 2n },
    ], { references: [reference] });
    await indexDonations(t.services);
    expect((await rowsFrom(pair.campaignId, a)).map((r) => [r.signature, r.lamports, r.sameTxLamports]).pop()).toEqual([shared, 4n * SOL / 5n, SOL / 5n]);
    expect((await rowsFrom(pair.campaignId, b)).map((r) => [r.signature, r.lamports, r.sameTxLamports]).pop()).toEqual([shared, 6n * SOL / 5n, 3n * SOL / 10n]);
    expect((await campaignRow(pair.campaignId)).raisedLamports).toBe(5n * SOL / 2n + 2n * SOL);
    expect((await get(`/api/receipts/${shared}/${address(a)}`)).json().lines[0]).toMatchObject({ sol: '0.8', sent_sol: '1', not_counted: [{ reason: 'same_transaction', sol: '0.2' }] });
  });

  it('honest donors count in full: funded by the faucet, or by a busy wallet the creator also paid; a sender too busy to trace counts nothing', async () => {
    const creator = await creatorOf(t.services, 'Honest');
    const honest = await launchCampaign(t.services, 'Honest', address(creator));
    await ensureSol(t.services, creator.publicKey, 5n * SOL);
    // The creator pays SOL into an exchange's busy hot wallet, which pays out to everyone.
    const exchange = await fresh(3n * SOL);
    await sendSol(t.services, creator, address(exchange), 2n * SOL);
    const trader = await fresh(SOL);
    await makeBusy(t.services, exchange, address(trader), 1000);
    const withdrew = Keypair.generate();
    await sendSol(t.services, exchange, address(withdrew), SOL);
    const faucetFunded = await fresh(SOL);
    const gifts = {
      faucetFunded: await sendSol(t.services, faucetFunded, address(creator), SOL / 2n),
      withdrew: await sendSol(t.services, withdrew, address(creator), SOL / 2n),
      trader: await sendSol(t.services, trader, address(creator), SOL / 2n),
    };
    await indexDonations(t.services);
    expect((await rowsFrom(honest.campaignId, faucetFunded)).map((r) => [r.signature, r.lamports])).toEqual([[gifts.faucetFunded.signature, SOL / 2n]]);
    expect((await rowsFrom(honest.campaignId, withdrew)).map((r) => [r.signature, r.lamports])).toEqual([[gifts.withdrew.signature, SOL / 2n]]);
    // More than a page of transactions in the window before its gift: not traced, so not counted.
    expect((await rowsFrom(honest.campaignId, trader)).map((r) => [r.signature, r.lamports, r.uncheckedLamports])).toEqual([[gifts.trader.signature, 0n, SOL / 2n]]);
    expect(await campaignRow(honest.campaignId)).toMatchObject({ raisedLamports: SOL, backers: 2 });
    expect((await listed(honest.mint)).donations.find((d) => d.signature === gifts.trader.signature)!.notCounted[0]!.text).toBe(NOT_COUNTED_TEXT.unchecked);
  });

  it('a round trip older than the window no longer nets, and a re-scan from scratch counts and nets nothing twice', async () => {
    const creator = await creatorOf(t.services, 'Old');
    const old = await launchCampaign(t.services, 'Old', address(creator));
    const x = await fresh(SOL / 100n);
    const out = await sendSol(t.services, creator, address(x), SOL / 2n);
    await indexDonations(t.services);
    // As if the transfer out were 31 days old.
    await t.services.db.update(donationWalletOutflows).set({ blockTime: new Date(Date.now() - 31 * DAY_MS) }).where(eq(donationWalletOutflows.signature, out.signature));
    const gift = await sendSol(t.services, x, address(creator), SOL / 2n);
    await indexDonations(t.services);
    expect((await rowsFrom(old.campaignId, x)).map((r) => [r.signature, r.lamports])).toEqual([[gift.signature, SOL / 2n]]);

    const before = { rows: await t.services.db.select().from(donations), nettings: await t.services.db.select().from(donationNettings), raised: await t.services.db.select({ id: campaigns.id, raised: campaigns.raisedLamports, backers: campaigns.backers }).from(campaigns) };
    expect(before.nettings.length).toBeGreaterThan(0);
    await t.services.db.delete(donationCursors);
    expect(await indexDonations(t.services)).toEqual([]);
    expect(await t.services.db.select().from(donations)).toHaveLength(before.rows.length);
    expect((await t.services.db.select().from(donationNettings)).map((n) => [n.signature, n.fromWallet, n.creditKey, n.lamports]).sort())
      .toEqual(before.nettings.map((n) => [n.signature, n.fromWallet, n.creditKey, n.lamports]).sort());
    expect(await t.services.db.select({ id: campaigns.id, raised: campaigns.raisedLamports, backers: campaigns.backers }).from(campaigns)).toEqual(before.raised);
  });

  it('the creator\'s and the donation wallet\'s own buys make no backers; a buyer besides them does', async () => {
    const wallet = await fresh(SOL);
    const owners = await launchCampaign(t.services, 'Owners', address(wallet));
    const creator = await creatorOf(t.services, 'Owners');
    await ensureSol(t.services, creator.publicKey, SOL);
    await buy(t.services, creator, owners.mint, SOL / 20n);
    await buy(t.services, wallet, owners.mint, SOL / 20n);
    await tradeHooksIdle(t.services);
    expect((await campaignRow(owners.campaignId)).backers).toBe(0);
    await buy(t.services, await donor(t.services, 'owners-buyer'), owners.mint, SOL / 20n);
    await tradeHooksIdle(t.services);
    expect((await campaignRow(owners.campaignId)).backers).toBe(1);
    expect((await get(`/api/campaigns/${owners.mint}`)).json()).toMatchObject({ backers: 1 });
  });
});

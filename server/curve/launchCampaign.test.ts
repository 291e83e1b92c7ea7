import { Keypair, SystemProgram, Transaction } from '@solana/web3.js';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAMPORTS_PER_SOL } from '../../core/constants';
import { curvePools, launchRequests } from '../db/schema';
import { createTestApp, type TestApp } from '../testing/app';
import { completeDbcLaunch } from './completeLaunch';
import { buildDbcLaunch, CREATION_FEE_LAMPORTS, DbcLaunchError, reserveDbcLaunch } from './launchCampaign';
import { dbcLaunchForm } from './testing/dbcCampaign';

const form = (donationWallet: string) => dbcLaunchForm(donationWallet);

describe('a campaign launched on its own DBC pool', () => {
  let t: TestApp;
  const creator = Keypair.generate();
  const cause = Keypair.generate().publicKey.toBase58();
  const sign = (base64: string) => {
    const tx = Transaction.from(Buffer.from(base64, 'base64'));
    tx.partialSign(creator);
    return tx.serialize().toString('base64');
  };

  beforeAll(async () => {
    t = await createTestApp();
    await t.services.chain.airdrop!(creator.publicKey.toBase58(), 5n * LAMPORTS_PER_SOL);
  }, 60_000);
  afterAll(async () => { await t.close(); });

  it('is one transaction the creator signs last, paying the pool, the initial buy and the creation fee; then the campaign is saved', async () => {
    const wallet = creator.publicKey.toBase58();
    // Prepare knows no form yet: the request and its keys, the pool named at create.
    const reserved = await reserveDbcLaunch(t.services, { creatorWallet: wallet, initialBuyLamports: LAMPORTS_PER_SOL / 2n });
    const [before] = await t.services.db.select().from(launchRequests).where(eq(launchRequests.requestId, reserved.requestId));
    expect(before).toMatchObject({ state: 'prepared', program: 'dbc', mint: reserved.mint, poolWallet: '', form: null, amountToFundLamports: CREATION_FEE_LAMPORTS + LAMPORTS_PER_SOL / 2n });
    const prepared = await buildDbcLaunch(t.services, { requestId: reserved.requestId, creatorWallet: wallet, form: form(cause), initialBuyLamports: LAMPORTS_PER_SOL / 2n });
    expect(prepared.mint).toBe(reserved.mint);
    const unsigned = Transaction.from(Buffer.from(prepared.transaction, 'base64'));
    expect(unsigned.signatures.filter((s) => s.signature === null).map((s) => s.publicKey.toBase58())).toEqual([creator.publicKey.toBase58()]);
    expect(unsigned.feePayer?.toBase58()).toBe(creator.publicKey.toBase58());

    // A changed transaction is refused by the chain: the platform's signatures cover the message it built.
    const tampered = Transaction.from(Buffer.from(prepared.transaction, 'base64'));
    tampered.instructions[tampered.instructions.length - 1] = SystemProgram.transfer({
      fromPubkey: creator.publicKey, toPubkey: (await t.services.keys.treasury()).publicKey, lamports: 1,
    });
    tampered.partialSign(creator);
    await expect(t.services.chain.sendAndConfirm(tampered.serialize({ requireAllSignatures: false, verifySignatures: false }))).rejects.toThrow();

    const treasury = (await t.services.keys.treasury()).publicKey;
    const treasuryBefore = BigInt(await t.services.chain.connection.getBalance(treasury, 'confirmed'));
    const creatorBefore = BigInt(await t.services.chain.connection.getBalance(creator.publicKey, 'confirmed'));
    const signed = sign(prepared.transaction);
    const done = await completeDbcLaunch(t.services, { requestId: prepared.requestId, creatorWallet: wallet, signedTransaction: signed });
    expect(done).toMatchObject({ mintAddress: prepared.mint, pool: prepared.pool, distributionWallet: prepared.distributor, initialBuyTokens: prepared.expectedTokens.toString() });
    expect(BigInt(await t.services.chain.connection.getBalance(treasury, 'confirmed')) - treasuryBefore).toBe(CREATION_FEE_LAMPORTS);
    // The creator paid the fee, the buy and the network's share as create named it, to the lamport.
    const paid = creatorBefore - BigInt(await t.services.chain.connection.getBalance(creator.publicKey, 'confirmed'));
    expect(paid).toBe(CREATION_FEE_LAMPORTS + LAMPORTS_PER_SOL / 2n + prepared.networkLamports);

    const [pool] = await t.services.db.select().from(curvePools).where(eq(curvePools.mint, prepared.mint));
    expect(pool).toMatchObject({ program: 'dbc', poolWallet: prepared.pool, campaignId: done.campaignId, realSolReserves: LAMPORTS_PER_SOL / 2n * 94n / 100n });
    const page = await t.app.inject({ method: 'GET', url: `/api/campaigns/${prepared.mint}` });
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ ticker: 'WATER', donation_wallet: cause });

    // A retry after a lost answer finds the launch landed and the campaign saved: nothing twice.
    expect(await completeDbcLaunch(t.services, { requestId: prepared.requestId, creatorWallet: wallet, signedTransaction: signed })).toEqual(done);
    const [row] = await t.services.db.select().from(launchRequests).where(eq(launchRequests.requestId, prepared.requestId));
    expect(row).toMatchObject({ state: 'created', launchSignature: done.txSignature, buySignature: done.txSignature, buyTokens: prepared.expectedTokens });
    // Nor is a finished request built again.
    await expect(buildDbcLaunch(t.services, { requestId: prepared.requestId, creatorWallet: wallet, form: form(cause), initialBuyLamports: LAMPORTS_PER_SOL / 2n }))
      .rejects.toThrow('This launch request is already complete');
  }, 60_000);

  it('completes only the creator\'s own request', async () => {
    const wallet = creator.publicKey.toBase58();
    const { requestId } = await reserveDbcLaunch(t.services, { creatorWallet: wallet, initialBuyLamports: 0n });
    const prepared = await buildDbcLaunch(t.services, { requestId, creatorWallet: wallet, form: form(cause), initialBuyLamports: 0n });
    await expect(completeDbcLaunch(t.services, { requestId, creatorWallet: Keypair.generate().publicKey.toBase58(), signedTransaction: sign(prepared.transaction) }))
      .rejects.toThrow(DbcLaunchError);
    await expect(completeDbcLaunch(t.services, { requestId: 'nope', creatorWallet: wallet, signedTransaction: '' })).rejects.toThrow('Unknown request_id');
    // Another wallet cannot have it built either, and its details are fixed at the first create.
    await expect(buildDbcLaunch(t.services, { requestId, creatorWallet: Keypair.generate().publicKey.toBase58(), form: form(cause), initialBuyLamports: 0n }))
      .rejects.toThrow('developerWallet must be the signed-in wallet');
    await expect(buildDbcLaunch(t.services, { requestId, creatorWallet: wallet, form: { ...form(cause), bondingCurveType: 2 }, initialBuyLamports: 0n }))
      .rejects.toThrow('already created with other details');
    // The same details again: the same launch with a fresh blockhash (a lost answer), and that one lands.
    const again = await buildDbcLaunch(t.services, { requestId, creatorWallet: wallet, form: form(cause), initialBuyLamports: 0n });
    expect(again).toMatchObject({ mint: prepared.mint, pool: prepared.pool });
    const done = await completeDbcLaunch(t.services, { requestId, creatorWallet: wallet, signedTransaction: sign(again.transaction) });
    expect(done).toMatchObject({ mintAddress: prepared.mint, initialBuyTokens: '0' });
  }, 60_000);
});

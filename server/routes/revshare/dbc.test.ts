import { Keypair, PublicKey, Transaction } from '@solana/web3.js';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DBC_CREATION_FEE_LAMPORTS } from '../../../core/dbcLaunch';
import { lamportsToSolString } from '../../../core/money';
import { CREATION_MESSAGES as M } from '../../../core/schemas/creation';
import type { DbcPrepareResult, DbcSignRequest } from '../../../core/schemas/launch';
import { COMPLETE_MESSAGES } from '../../curve/completeLaunch';
import { DBC_LAUNCH_MESSAGES } from '../../curve/launchCampaign';
import { campaigns, curveTrades, launchRequests, platformKeys } from '../../db/schema';
import { resumeLaunchesJob } from '../../jobs/resumeLaunches';
import { ABANDONED_AFTER_MS, type CreateResult } from '../../curve/launchTerms';
import { createBody, signedInCreator } from '../../testing/launchFlow';
import { createTestApp, type TestApp } from '../../testing/app';
import type { SignedIn } from '../../testing/wallet';

// The launch service on DBC (CURVE_PROGRAM=dbc) through the real HTTP routes and ledger:
// prepare -> create (the transaction) -> the creator signs -> complete.

let t: TestApp;
beforeAll(async () => { t = await createTestApp({ CURVE_PROGRAM: 'dbc' }); }, 60_000);
afterAll(async () => { await t.close(); });

const balance = async (wallet: string) => BigInt(await t.services.chain.connection.getBalance(new PublicKey(wallet), 'confirmed'));
const requestRow = async (requestId: string) => (await t.services.db.select().from(launchRequests).where(eq(launchRequests.requestId, requestId)))[0];
const keysOf = (requestId: string) => t.services.db.$count(platformKeys, eq(platformKeys.reference, requestId));

async function prepare(user: SignedIn, initialBuy?: string): Promise<DbcPrepareResult> {
  const res = await t.app.inject({ method: 'GET', url: `/api/revshare/prepare${initialBuy ? `?initialBuy=${initialBuy}` : ''}`, headers: { cookie: user.cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const create = (user: SignedIn, body: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/revshare/create', headers: { cookie: user.cookie }, payload: body });
const complete = (user: SignedIn, body: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/revshare/complete', headers: { cookie: user.cookie }, payload: body });
async function signRequest(user: SignedIn, requestId: string, patch: Record<string, unknown> = {}): Promise<DbcSignRequest> {
  const res = await create(user, createBody(user, requestId, patch));
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
function sign(user: SignedIn, base64: string): string {
  const tx = Transaction.from(Buffer.from(base64, 'base64'));
  tx.partialSign(user.keypair);
  return tx.serialize().toString('base64');
}

describe('GET /api/config and /api/revshare/prepare on DBC', () => {
  it('names the program, and prepare asks for the creation fee plus the initial buy with no funding wallet', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/config' })).json()).toMatchObject({ curveProgram: 'dbc' });
    const user = await signedInCreator(t.app, t.services, 1);
    const prepared = await prepare(user, '0.5');
    expect(prepared).toMatchObject({
      program: 'dbc', amount_to_fund: 0.52, amount_to_fund_lamports: '520000000', creation_fee_lamports: DBC_CREATION_FEE_LAMPORTS.toString(),
      initial_buy_lamports: '500000000', token_address: prepared.predicted_address, distribution_wallet: prepared.distributor_wallet,
    });
    expect(prepared).not.toHaveProperty('funding_wallet');
    expect(Number(prepared.network_cost_estimate_lamports)).toBeGreaterThan(10_000_000);
    expect(await requestRow(prepared.request_id)).toMatchObject({ state: 'prepared', program: 'dbc', form: null, fundingWallet: user.wallet });
    expect(await keysOf(prepared.request_id)).toBe(2);
  });

  it('refuses a bad initial buy with its message and stores nothing', async () => {
    const user = await signedInCreator(t.app, t.services, 0.01);
    const before = [await t.services.db.$count(launchRequests), await t.services.db.$count(platformKeys)];
    const res = await t.app.inject({ method: 'GET', url: '/api/revshare/prepare?initialBuy=3', headers: { cookie: user.cookie } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: M.initialBuyMax });
    expect([await t.services.db.$count(launchRequests), await t.services.db.$count(platformKeys)]).toEqual(before);
  });
});

describe('POST /api/revshare/create and /complete on DBC', () => {
  let user: SignedIn;
  let prepared: DbcPrepareResult;
  let signed: string;
  let total: bigint;
  let done: CreateResult;

  beforeAll(async () => {
    user = await signedInCreator(t.app, t.services, 3);
    prepared = await prepare(user, '0.5');
  });

  it.each<[string, unknown, string]>([
    ['name', 'ab', M.nameMin], ['ticker', 'AB1', M.tickerLetters], ['goal', '0.5', M.goalMin], ['initialBuy', '3', M.initialBuyMax],
    ['donationWallet', 'not-a-wallet', M.donationWalletInvalid], ['imageUrl', undefined, M.logoRequired], ['decimals', 6, 'decimals must be 9'],
  ])('create refuses %s = %j with 400 "%s", and builds nothing', async (field, value, message) => {
    const res = await create(user, createBody(user, prepared.request_id, { [field]: value }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: message });
    expect(await requestRow(prepared.request_id)).toMatchObject({ state: 'prepared', form: null, poolWallet: '' });
  });

  it('create refuses a platform address as the donation wallet, another wallet\'s request (403) and an unknown one (404)', async () => {
    const platform = await create(user, createBody(user, prepared.request_id, { donationWallet: prepared.distribution_wallet }));
    expect(platform.statusCode).toBe(400);
    expect(platform.json()).toMatchObject({ error: M.donationWalletPlatform });
    const other = await signedInCreator(t.app, t.services, 0.01);
    const theirs = await create(other, createBody(other, prepared.request_id));
    expect(theirs.statusCode).toBe(403);
    expect(theirs.json()).toEqual({ error: DBC_LAUNCH_MESSAGES.notYours });
    const unknown = await create(user, createBody(user, '00000000-0000-0000-0000-000000000000'));
    expect(unknown.statusCode).toBe(404);
    expect(await requestRow(prepared.request_id)).toMatchObject({ form: null });
  });

  it('create answers the launch transaction to sign, naming what it costs; the mint does not exist yet', async () => {
    const request = await signRequest(user, prepared.request_id);
    expect(request).toMatchObject({ status: 'sign', requestId: prepared.request_id, mintAddress: prepared.token_address, distributionWallet: prepared.distribution_wallet });
    expect(BigInt(request.totalLamports)).toBe(DBC_CREATION_FEE_LAMPORTS + 500_000_000n + BigInt(request.networkCostLamports));
    // The estimate prepare gave is an upper bound of the exact figure.
    expect(BigInt(request.networkCostLamports)).toBeLessThanOrEqual(BigInt(prepared.network_cost_estimate_lamports));
    const tx = Transaction.from(Buffer.from(request.transactionBase64, 'base64'));
    expect(tx.feePayer?.toBase58()).toBe(user.wallet);
    expect(tx.signatures.filter((s) => s.signature === null).map((s) => s.publicKey.toBase58())).toEqual([user.wallet]);
    expect(await t.services.chain.connection.getAccountInfo(new PublicKey(request.mintAddress))).toBeNull();
    // The mint's metadata uri answers from the stored form before anything lands.
    const metadata = await t.app.inject({ method: 'GET', url: `/api/token-metadata/${request.mintAddress}` });
    expect(metadata.json()).toMatchObject({ symbol: 'WATER' });
    signed = sign(user, request.transactionBase64);
    total = BigInt(request.totalLamports);
  });

  it('complete refuses bad input with 400 and its message, another wallet (403), and leaves the request as it was', async () => {
    const other = await signedInCreator(t.app, t.services, 0.01);
    const unsignedTx = (await signRequest(user, prepared.request_id)).transactionBase64;
    const foreign = await prepare(other);
    const cases: [SignedIn, Record<string, unknown>, number, string][] = [
      [user, { request_id: prepared.request_id }, 400, 'signedTransaction is required'],
      [user, { signedTransaction: signed }, 400, 'request_id is required'],
      [user, { request_id: prepared.request_id, signedTransaction: 'not base64!' }, 400, 'signedTransaction must be a base64 transaction'],
      [user, { request_id: prepared.request_id, signedTransaction: 'AAAA' }, 400, COMPLETE_MESSAGES.invalid],
      [user, { request_id: prepared.request_id, signedTransaction: unsignedTx }, 400, COMPLETE_MESSAGES.unsigned],
      [other, { request_id: foreign.request_id, signedTransaction: signed }, 400, DBC_LAUNCH_MESSAGES.notCreated],
      [other, { request_id: prepared.request_id, signedTransaction: signed }, 403, DBC_LAUNCH_MESSAGES.notYours],
      [user, { request_id: '00000000-0000-0000-0000-000000000000', signedTransaction: signed }, 404, DBC_LAUNCH_MESSAGES.unknownRequest],
    ];
    for (const [who, body, status, message] of cases) {
      const res = await complete(who, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json()).toMatchObject({ error: message });
    }
    expect(await requestRow(prepared.request_id)).toMatchObject({ state: 'prepared', launchSignature: null });
    expect(await t.services.chain.connection.getAccountInfo(new PublicKey(prepared.token_address))).toBeNull();
    const unauthenticated = await t.app.inject({ method: 'POST', url: '/api/revshare/complete', payload: { request_id: prepared.request_id, signedTransaction: signed } });
    expect(unauthenticated.statusCode).toBe(401);
  });

  it('complete lands the launch and answers the spec\'s create result; the creator paid what create named', async () => {
    const before = await balance(user.wallet);
    const res = await complete(user, { request_id: prepared.request_id, signedTransaction: signed });
    expect(res.statusCode, res.body).toBe(200);
    done = res.json();
    expect(done).toMatchObject({
      mintAddress: prepared.token_address, distributionWallet: prepared.distribution_wallet, requestId: prepared.request_id,
      txSignature: expect.any(String), pool: expect.any(String), initialBuyTokens: expect.stringMatching(/^[1-9][0-9]+$/),
    });
    expect(before - await balance(user.wallet)).toBe(total);
    const page = await t.app.inject({ method: 'GET', url: `/api/campaigns/${done.mintAddress}` });
    expect(page.json()).toMatchObject({ ticker: 'WATER', creator_wallet: user.wallet, initial_buy_amount: 0.5 });
    const byRequest = await t.app.inject({ method: 'GET', url: `/api/campaigns/by-request/${prepared.request_id}` });
    expect(byRequest.json()).toMatchObject({ token_address: done.mintAddress });
  });

  it('a replayed complete answers the same and records nothing twice; create is refused once complete', async () => {
    const again = await complete(user, { request_id: prepared.request_id, signedTransaction: signed });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(done);
    expect(await t.services.db.$count(campaigns, eq(campaigns.requestId, prepared.request_id))).toBe(1);
    expect(await t.services.db.$count(curveTrades, eq(curveTrades.signature, done.txSignature))).toBe(1);
    const recreate = await create(user, createBody(user, prepared.request_id));
    expect(recreate.statusCode).toBe(409);
    expect(recreate.json()).toEqual({ error: DBC_LAUNCH_MESSAGES.alreadyComplete });
  });
});

describe('a launch transaction that fails to land', () => {
  it('is a 400 that says why, nothing is kept, and the request can be created and completed again', async () => {
    const user = await signedInCreator(t.app, t.services, 0.01);
    const prepared = await prepare(user, '1');
    const request = await signRequest(user, prepared.request_id, { initialBuy: '1' });
    const refused = await complete(user, { request_id: prepared.request_id, signedTransaction: sign(user, request.transactionBase64) });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error: `${COMPLETE_MESSAGES.insufficient}: the launch needs ${lamportsToSolString(BigInt(request.totalLamports))} SOL, the wallet holds 0.01 SOL` });
    expect(await requestRow(prepared.request_id)).toMatchObject({ state: 'prepared', launchSignature: null });
    expect(await t.services.chain.connection.getAccountInfo(new PublicKey(prepared.token_address))).toBeNull();

    await t.services.chain.airdrop!(user.wallet, 2_000_000_000n);
    // A transaction whose blockhash the chain no longer knows (signed again by every key, so only its age is wrong).
    const stale = Transaction.from(Buffer.from(request.transactionBase64, 'base64'));
    stale.recentBlockhash = Keypair.generate().publicKey.toBase58();
    stale.signatures.forEach((s) => { s.signature = null; });
    const platform = await Promise.all((['mint', 'distributor'] as const).map((role) => t.services.keys.getOrCreate(role, prepared.request_id)));
    stale.sign(user.keypair, ...platform);
    const expired = await complete(user, { request_id: prepared.request_id, signedTransaction: stale.serialize().toString('base64') });
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toMatchObject({ error: COMPLETE_MESSAGES.expired });
    expect(await requestRow(prepared.request_id)).toMatchObject({ state: 'prepared', launchSignature: null });

    const fresh = await signRequest(user, prepared.request_id, { initialBuy: '1' });
    const res = await complete(user, { request_id: prepared.request_id, signedTransaction: sign(user, fresh.transactionBase64) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ mintAddress: prepared.token_address });
  });
});

describe('stale DBC requests (the launches job)', () => {
  it('drops a request nobody completed, with its keys; completes one that landed without complete; leaves fresh ones', async () => {
    const user = await signedInCreator(t.app, t.services, 2);
    const neverCreated = await prepare(user);
    const neverSent = await prepare(user);
    await signRequest(user, neverSent.request_id, { ticker: 'UNSENT', initialBuy: '' });
    const sentAlone = await prepare(user);
    const landed = await signRequest(user, sentAlone.request_id, { ticker: 'ALONE', initialBuy: '' });
    // A client that sends the signed transaction itself and never calls complete.
    await t.services.chain.sendAndConfirm(Transaction.from(Buffer.from(sign(user, landed.transactionBase64), 'base64')).serialize());
    const fresh = await prepare(user);
    const old = new Date(t.services.now().getTime() - ABANDONED_AFTER_MS - 60_000);
    for (const { request_id } of [neverCreated, neverSent, sentAlone]) {
      await t.services.db.update(launchRequests).set({ createdAt: old, updatedAt: old }).where(eq(launchRequests.requestId, request_id));
    }

    await resumeLaunchesJob.run(t.services);
    for (const { request_id } of [neverCreated, neverSent]) {
      expect(await requestRow(request_id)).toBeUndefined();
      expect(await keysOf(request_id)).toBe(0);
    }
    expect(await requestRow(sentAlone.request_id)).toMatchObject({ state: 'created', launchSignature: expect.any(String) });
    expect(await keysOf(sentAlone.request_id)).toBe(2);
    const page = await t.app.inject({ method: 'GET', url: `/api/campaigns/${sentAlone.token_address}` });
    expect(page.json()).toMatchObject({ ticker: 'ALONE', creator_wallet: user.wallet });
    expect(await requestRow(fresh.request_id)).toMatchObject({ state: 'prepared' });
    expect(await keysOf(fresh.request_id)).toBe(2);
  });
});

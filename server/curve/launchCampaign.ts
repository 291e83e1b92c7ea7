// A campaign launched on its own DBC pool (issue 36). Prepare reserves the request and its keys
// (the mint and the pool's creator role) before the form is known; create builds the one
// transaction the creator's wallet signs last (the pool, the mint, the initial buy and the
// platform's creation fee); complete (completeLaunch.ts) relays it and saves the campaign. There
// is no funding wallet and nothing to refund: the creator pays exactly what the transaction shows.

import { randomUUID } from 'node:crypto';
import { PublicKey, SystemProgram, Transaction } from '@solana/web3.js';
import { and, eq, isNull } from 'drizzle-orm';
import { DBC_CREATION_FEE_LAMPORTS, dbcAmountToFund, dbcLaunchNetworkLamports } from '../../core/dbcLaunch';
import { launchRequests, type LaunchForm } from '../db/schema';
import { metadataUri } from './metadata';
import type { Services } from '../services';
import { KeyedMutex } from '../chain/keyedMutex';
import { ensureCurveConfigs, ensureOfficialCurveConfig } from './configs';
import { buildLaunchTransaction } from './launchTransaction';

/** What the platform takes at a launch (spec 1: 0.01 SOL maintenance and 0.01 platform; the rest of 0.05 is rent, paid directly). */
export const CREATION_FEE_LAMPORTS = DBC_CREATION_FEE_LAMPORTS;

/** A DBC request's own platform keys, named by its request id. */
export const DBC_LAUNCH_KEY_ROLES = ['mint', 'distributor'] as const;

/**
 * The pool is created in the same transaction as the initial buy, so nobody can move the price
 * in between: the tolerance only absorbs a rounding difference between the SDK's quote and the program.
 */
export const INITIAL_BUY_SLIPPAGE_BPS = 100;

export const DBC_LAUNCH_MESSAGES = {
  unknownRequest: 'Unknown request_id',
  notYours: 'developerWallet must be the signed-in wallet',
  alreadyComplete: 'This launch request is already complete',
  completing: 'This launch request\'s transaction was sent: call complete again with it to learn its outcome',
  otherDetails: 'This launch request was already created with other details: prepare a new one',
  notCreated: 'Create the launch transaction first (POST /api/revshare/create)',
  custodial: 'This launch request is paid through its funding wallet: create finishes it, there is nothing to complete',
} as const;

/** A refusal worded for the caller, with the HTTP status it is answered with. */
export class DbcLaunchError extends Error {
  constructor(message: string, readonly status: 400 | 403 | 404 | 409 = 400) {
    super(message);
    this.name = 'DbcLaunchError';
  }
}

const locks = new WeakMap<Services, KeyedMutex>();

/** One create or complete of a request at a time in this process. */
export function withDbcRequestLock<T>(services: Services, requestId: string, fn: () => Promise<T>): Promise<T> {
  let mutex = locks.get(services);
  if (!mutex) locks.set(services, mutex = new KeyedMutex());
  return mutex.run(requestId, fn);
}

export type LaunchRow = typeof launchRequests.$inferSelect;

/** The creator's own DBC request: a refusal (404, 403) otherwise. */
export async function findDbcRequest(services: Services, requestId: string, creatorWallet: string): Promise<LaunchRow> {
  const [row] = await services.db.select().from(launchRequests).where(eq(launchRequests.requestId, requestId));
  if (!row) throw new DbcLaunchError(DBC_LAUNCH_MESSAGES.unknownRequest, 404);
  if (row.creatorWallet !== creatorWallet) throw new DbcLaunchError(DBC_LAUNCH_MESSAGES.notYours, 403);
  if (row.program !== 'dbc') throw new DbcLaunchError(DBC_LAUNCH_MESSAGES.custodial, 409);
  return row;
}

export type DbcReservation = { requestId: string; mint: string; distributor: string; amountToFundLamports: bigint };

/** Prepare: the request and its two keys. Its pool is named at create, when the curve type is known. */
export async function reserveDbcLaunch(services: Services, input: { creatorWallet: string; initialBuyLamports: bigint }): Promise<DbcReservation> {
  const requestId = randomUUID();
  const [mint, distributor] = await Promise.all(DBC_LAUNCH_KEY_ROLES.map((role) => services.keys.getOrCreate(role, requestId)));
  const row = {
    requestId, creatorWallet: input.creatorWallet, state: 'prepared' as const, program: 'dbc' as const,
    // No funding wallet: the creator's own wallet pays (and is who the launch's trades are the creator's by).
    fundingWallet: input.creatorWallet, distributorWallet: distributor!.publicKey.toBase58(), poolWallet: '', mint: mint!.publicKey.toBase58(),
    amountToFundLamports: dbcAmountToFund(input.initialBuyLamports), initialBuyLamports: input.initialBuyLamports,
    createdAt: services.now(), updatedAt: services.now(),
  };
  await services.db.insert(launchRequests).values(row);
  return { requestId, mint: row.mint, distributor: row.distributorWallet, amountToFundLamports: row.amountToFundLamports };
}

export type BuiltDbcLaunch = {
  requestId: string;
  mint: string;
  pool: string;
  distributor: string;
  /** Base64, signed by the mint and the distributor key: the creator's wallet signs it last. */
  transaction: string;
  expectedTokens: bigint;
  minimumTokens: bigint;
  creationFeeLamports: bigint;
  initialBuyLamports: bigint;
  /** Rent for the accounts it creates and the signature fees: what the wallet pays besides the fee and the buy. */
  networkLamports: bigint;
};

/** Everything the launch transaction of a created request takes from the creator's wallet. */
export function launchCostOf(row: Pick<LaunchRow, 'initialBuyLamports' | 'mint'> & { form: LaunchForm }, publicUrl: string): bigint {
  const metadata = { name: row.form.name, symbol: row.form.ticker.toUpperCase(), uri: metadataUri(publicUrl, row.mint) };
  return CREATION_FEE_LAMPORTS + row.initialBuyLamports + dbcLaunchNetworkLamports(row.initialBuyLamports, metadata);
}

// jsonb keeps its own key order: compared with the keys sorted.
const canonical = (value: unknown): unknown => (Array.isArray(value) ? value.map(canonical)
  : value && typeof value === 'object' ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => [k, canonical(v)]))
    : value);

const sameLaunch = (row: LaunchRow, form: LaunchForm, initialBuyLamports: bigint) =>
  row.initialBuyLamports === initialBuyLamports && JSON.stringify(canonical(row.form)) === JSON.stringify(canonical(form));

/**
 * Create: the launch transaction for this form. Asked again (a lost answer) it builds the same
 * launch with a fresh blockhash; only one of them can land, since each creates the same mint.
 * The details are fixed at the first create: a transaction already signed must not land a
 * launch other than the one the request records.
 */
export async function buildDbcLaunch(services: Services, input: {
  requestId: string; creatorWallet: string; form: LaunchForm; initialBuyLamports: bigint; slippageBps?: number;
}): Promise<BuiltDbcLaunch> {
  return withDbcRequestLock(services, input.requestId, async () => {
    const row = await findDbcRequest(services, input.requestId, input.creatorWallet);
    if (row.state === 'created') throw new DbcLaunchError(DBC_LAUNCH_MESSAGES.alreadyComplete, 409);
    if (row.launchSignature) throw new DbcLaunchError(DBC_LAUNCH_MESSAGES.completing, 409);
    if (row.form && !sameLaunch(row, input.form, input.initialBuyLamports)) throw new DbcLaunchError(DBC_LAUNCH_MESSAGES.otherDetails, 409);
    const [mint, distributor, treasury, configs] = await Promise.all([
      services.keys.getOrCreate('mint', row.requestId), services.keys.getOrCreate('distributor', row.requestId),
      services.keys.treasury(), input.form.official ? ensureOfficialCurveConfig(services).then((c) => [c]) : ensureCurveConfigs(services),
    ]);
    const config = configs.find((c) => c.curveType === input.form.bondingCurveType);
    if (!config) throw new Error(`No curve config for curve type ${input.form.bondingCurveType}`);
    const payer = new PublicKey(row.creatorWallet);
    const metadata = { name: input.form.name, symbol: input.form.ticker.toUpperCase(), uri: metadataUri(services.env.publicUrl, row.mint) };
    const built = await buildLaunchTransaction(services.chain.connection, {
      config: new PublicKey(config.address), payer, poolCreator: distributor, mint, ...metadata,
      initialBuyLamports: input.initialBuyLamports, slippageBps: input.slippageBps ?? INITIAL_BUY_SLIPPAGE_BPS,
    });
    // The creation fee rides in the same transaction: one signature pays everything, or nothing lands.
    const tx = Transaction.from(built.transaction);
    tx.add(SystemProgram.transfer({ fromPubkey: payer, toPubkey: treasury.publicKey, lamports: CREATION_FEE_LAMPORTS }));
    tx.partialSign(mint, distributor);
    // The form is stored before the transaction leaves: the mint's metadata uri answers from it.
    await services.db.update(launchRequests).set({
      form: input.form, initialBuyLamports: input.initialBuyLamports, amountToFundLamports: dbcAmountToFund(input.initialBuyLamports),
      curveType: input.form.bondingCurveType, dbcConfig: config.address, poolWallet: built.pool, updatedAt: services.now(),
    }).where(and(eq(launchRequests.requestId, row.requestId), eq(launchRequests.state, 'prepared'), isNull(launchRequests.launchSignature)));
    return {
      requestId: row.requestId, mint: built.mint, pool: built.pool, distributor: row.distributorWallet,
      transaction: tx.serialize({ requireAllSignatures: false, verifySignatures: false }).toString('base64'),
      expectedTokens: built.expectedTokens, minimumTokens: built.minimumTokens,
      creationFeeLamports: CREATION_FEE_LAMPORTS, initialBuyLamports: input.initialBuyLamports,
      networkLamports: dbcLaunchNetworkLamports(input.initialBuyLamports, metadata),
    };
  });
}

/** Prepare and create in one call (tests and tools launch a campaign this way). */
export async function prepareDbcLaunch(services: Services, input: {
  creatorWallet: string; form: LaunchForm; initialBuyLamports: bigint; slippageBps?: number;
}): Promise<BuiltDbcLaunch> {
  const { requestId } = await reserveDbcLaunch(services, input);
  return buildDbcLaunch(services, { ...input, requestId });
}

// Complete for a launch on its own DBC pool (issue 36): relays the creator's signed launch
// transaction (or finds it landed), checks on chain that the pool is the one create built, mirrors
// it into curve_pools, records the initial buy as the pool's first trade and saves the campaign.
// Safe to repeat: each step reads what is already there, and a finished request answers the same.

import bs58 from 'bs58';
import { PublicKey, SendTransactionError, Transaction, type Connection } from '@solana/web3.js';
import { and, eq, sql } from 'drizzle-orm';
import { TransactionFailedError, TransactionRejectedError } from '../chain/sendAndConfirm';
import { refreshPlatformStats } from '../commands/refreshPlatformStats';
import { saveLaunchedCampaign } from '../commands/saveLaunchedCampaign';
import { saveOfficialToken } from '../commands/saveOfficialToken';
import { lamportsToSolString } from '../../core/money';
import { curvePools, curveTrades, launchRequests, type LaunchForm } from '../db/schema';
import type { CreateResult } from './launchTerms';
import { transactionFailureReason } from '../routes/curve/failureReason';
import type { Services } from '../services';
import { stateColumns } from './pools';
import { readCurveState } from './curveState';
import { indexSwapSignatures } from './indexSwaps';
import { DBC_LAUNCH_MESSAGES, DbcLaunchError, findDbcRequest, launchCostOf, withDbcRequestLock, type LaunchRow } from './launchCampaign';
import { readVirtualPool } from './virtualPool';

export const COMPLETE_MESSAGES = {
  invalid: 'signedTransaction is not a transaction',
  notThisLaunch: 'The transaction is not this request\'s launch transaction',
  unsigned: 'The launch transaction must carry the creator\'s signature, on the transaction as create built it',
  expired: 'The launch transaction expired before it landed: nothing was paid. Create it again and sign the new one',
  notLanded: 'The launch transaction has not landed',
  mismatch: 'The pool on chain is not the one this launch prepared',
  insufficient: 'Insufficient SOL balance for transaction',
} as const;

/** The creator's signed transaction, if it is the one create built for this request (its pool, mint and config). */
function launchTransactionOf(row: LaunchRow, signedTransaction: string): Transaction {
  let tx: Transaction;
  try {
    tx = Transaction.from(Buffer.from(signedTransaction, 'base64'));
  } catch {
    throw new DbcLaunchError(COMPLETE_MESSAGES.invalid);
  }
  const keys = new Set(tx.compileMessage().accountKeys.map((key) => key.toBase58()));
  if (!tx.feePayer?.equals(new PublicKey(row.creatorWallet)) || ![row.poolWallet, row.mint, row.dbcConfig!].every((k) => keys.has(k))) {
    throw new DbcLaunchError(COMPLETE_MESSAGES.notThisLaunch);
  }
  if (tx.signatures.some((s) => s.signature === null) || !tx.verifySignatures()) throw new DbcLaunchError(COMPLETE_MESSAGES.unsigned);
  return tx;
}

const setSignature = (services: Services, requestId: string, signature: string | null) => services.db.update(launchRequests)
  .set({ launchSignature: signature, updatedAt: services.now() })
  .where(and(eq(launchRequests.requestId, requestId), eq(launchRequests.state, 'prepared')));

/**
 * Sends the launch. Its signature is stored first, so a crash in between leaves a request that
 * says what it sent; a send that certainly did not land clears it (the request may be created again).
 */
async function relay(services: Services, row: LaunchRow & { form: LaunchForm }, tx: Transaction): Promise<string> {
  // Said in words before the chain says it as a program's error number.
  const needed = launchCostOf(row, services.env.publicUrl);
  const held = BigInt(await services.chain.connection.getBalance(tx.feePayer!, 'confirmed'));
  if (held < needed) throw new DbcLaunchError(`${COMPLETE_MESSAGES.insufficient}: the launch needs ${lamportsToSolString(needed)} SOL, the wallet holds ${lamportsToSolString(held)} SOL`);
  const signature = bs58.encode(tx.signature!);
  await setSignature(services, row.requestId, signature);
  try {
    await services.chain.sendAndConfirm(tx.serialize());
    return signature;
  } catch (err) {
    const refusal = notLandedReason(err);
    if (refusal === null) throw err;
    await setSignature(services, row.requestId, null);
    throw new DbcLaunchError(refusal);
  }
}

/**
 * What the creator is told when the send certainly did not land (refused, failed on chain, or its
 * blockhash ran out), or null when the outcome is open (a timeout, the node unreachable).
 */
function notLandedReason(err: unknown): string | null {
  if (err instanceof TransactionRejectedError || err instanceof TransactionFailedError) {
    if (err.err === 'BlockhashNotFound') return COMPLETE_MESSAGES.expired;
    return `The launch transaction failed: ${transactionFailureReason(err.err)}`;
  }
  // A cluster's preflight refusal: its first line, without the simulation's logs.
  if (err instanceof SendTransactionError) return `The launch transaction was refused: ${err.message.split('\n')[0]!.slice(0, 200)}`;
  if (err instanceof Error && /expired: its blockhash is no longer valid/.test(err.message)) return COMPLETE_MESSAGES.expired;
  return null;
}

/** The transaction that created the mint: the oldest of the mint's signatures (a launch someone sent past complete). */
async function creationSignature(connection: Connection, mint: string): Promise<string | null> {
  let before: string | undefined;
  let oldest: string | null = null;
  for (;;) {
    const page = await connection.getSignaturesForAddress(new PublicKey(mint), { before, limit: 1000 }, 'confirmed');
    if (page.length === 0) return oldest;
    oldest = page[page.length - 1]!.signature;
    if (page.length < 1000) return oldest;
    before = oldest;
  }
}

function resultOf(row: LaunchRow): CreateResult {
  return {
    mintAddress: row.mint, txSignature: row.launchSignature ?? '', bondingCurve: row.poolWallet, pool: row.poolWallet,
    distributionWallet: row.distributorWallet, requestId: row.requestId, campaignId: row.campaignId ?? 0,
    initialBuyTokens: (row.buyTokens ?? 0n).toString(),
  };
}

/**
 * Complete: the signed transaction may be left out once the launch has landed (the stale
 * sweep finishes a launch whose complete never came).
 */
export async function completeDbcLaunch(services: Services, input: { requestId: string; creatorWallet: string; signedTransaction?: string }): Promise<CreateResult> {
  const done = await withDbcRequestLock(services, input.requestId, async () => {
    const row = await findDbcRequest(services, input.requestId, input.creatorWallet);
    if (row.state === 'created') return { row, fresh: false };
    if (!row.form || !row.dbcConfig) throw new DbcLaunchError(DBC_LAUNCH_MESSAGES.notCreated);
    const { connection } = services.chain;
    const pool = new PublicKey(row.poolWallet);
    const given = input.signedTransaction ? launchTransactionOf(row, input.signedTransaction) : null;
    let signature = row.launchSignature;
    if (!await readVirtualPool(connection, pool)) {
      if (!given) throw new DbcLaunchError(COMPLETE_MESSAGES.notLanded);
      signature = await relay(services, { ...row, form: row.form }, given);
    }
    signature ??= await creationSignature(connection, row.mint);
    const onChain = (await readVirtualPool(connection, pool))?.poolState;
    if (!onChain || !signature) throw new DbcLaunchError(COMPLETE_MESSAGES.notLanded);
    if (onChain.creator.toBase58() !== row.distributorWallet || onChain.config.toBase58() !== row.dbcConfig || onChain.baseMint.toBase58() !== row.mint) {
      throw new DbcLaunchError(COMPLETE_MESSAGES.mismatch);
    }
    const state = (await readCurveState(connection, pool))!;
    await services.db.insert(curvePools).values({
      mint: row.mint, program: 'dbc', poolWallet: row.poolWallet, dbcConfig: row.dbcConfig, curveType: row.curveType ?? 1,
      thresholdLamports: state.thresholdLamports, transferFeeBps: 0, maximumFee: '0', ...stateColumns(state),
    }).onConflictDoNothing();
    // The initial buy is the pool's first trade: recorded now, before the campaign's page is shown.
    await indexSwapSignatures(services, [signature]);
    const [bought] = await services.db.select({ tokens: sql<string>`coalesce(sum(${curveTrades.tokensReceived}), 0)` }).from(curveTrades)
      .where(and(eq(curveTrades.signature, signature), eq(curveTrades.side, 'buy')));
    const buyTokens = BigInt(bought?.tokens ?? 0);
    const launched = { ...row, launchSignature: signature, mintSignature: signature, sweepSignature: signature };
    // The official token is no campaign: its launch is saved as the official_token row.
    const campaignId = row.form.official
      ? (await saveOfficialToken(services, launched), null)
      : await saveLaunchedCampaign(services.db, launched, row.form, {
        publicUrl: services.env.publicUrl, now: services.now(), initialBuyLamports: row.initialBuyLamports, backerMinLamports: services.env.BACKER_MIN_LAMPORTS,
      });
    // The creation fee reached the treasury in the launch itself: its signature is the revenue's 'sweep'.
    const [saved] = await services.db.update(launchRequests).set({
      state: 'created', launchSignature: signature, mintSignature: signature, sweepSignature: signature, campaignId,
      buySignature: row.initialBuyLamports > 0n ? signature : null, buyTokens, updatedAt: services.now(),
    }).where(eq(launchRequests.requestId, row.requestId)).returning();
    return { row: saved!, fresh: true };
  });
  if (done.fresh && done.row.campaignId !== null) await announce(services, done.row);
  return resultOf(done.row);
}

/** As after a custodial launch: the platform's counts, and every open page hears of the campaign. */
async function announce(services: Services, row: LaunchRow): Promise<void> {
  try {
    await refreshPlatformStats(services);
    await services.events.publish({ type: 'campaign_created', tokenAddress: row.mint, campaignId: row.campaignId });
  } catch (err) {
    services.log.warn({ err, requestId: row.requestId }, 'dbc launch: stats refresh failed');
  }
}

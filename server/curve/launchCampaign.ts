// A campaign launched on its own DBC pool (issue 36): prepare builds the one transaction the
// creator's wallet signs (the pool, the mint, the initial buy and the platform's creation fee);
// complete relays it, checks on chain that the pool is ours, and saves the campaign. There is no
// funding wallet and nothing to refund: the creator pays exactly what the transaction shows.

import { randomUUID } from 'node:crypto';
import { PublicKey, SystemProgram, Transaction } from '@solana/web3.js';
import { eq } from 'drizzle-orm';
import { CREATION_COST } from '../../core/constants';
import { parseSol } from '../../core/money';
import { curvePools, launchRequests, type LaunchForm } from '../db/schema';
import { metadataUri } from '../launch/metadata';
import { saveLaunchedCampaign } from '../commands/saveLaunchedCampaign';
import type { Services } from '../services';
import { stateColumns } from '../trading/pools';
import { ensureCurveConfigs } from './configs';
import { readCurveState } from './curveState';
import { indexSwapSignatures } from './indexSwaps';
import { buildLaunchTransaction } from './launchTransaction';
import { readVirtualPool } from './virtualPool';

/** What the platform takes at a launch (spec 1: 0.01 SOL maintenance and 0.01 platform; the rest of 0.05 is rent, paid directly). */
export const CREATION_FEE_LAMPORTS = parseSol(CREATION_COST.maintenance) + parseSol(CREATION_COST.platform);

export type PreparedDbcLaunch = {
  requestId: string;
  mint: string;
  pool: string;
  /** Base64, signed by the mint and the distributor key: the creator's wallet signs it last. */
  transaction: string;
  expectedTokens: bigint;
  minimumTokens: bigint;
  creationFeeLamports: bigint;
};

export class DbcLaunchError extends Error {}

export async function prepareDbcLaunch(services: Services, input: {
  creatorWallet: string; form: LaunchForm; initialBuyLamports: bigint; slippageBps: number;
}): Promise<PreparedDbcLaunch> {
  const requestId = randomUUID();
  const [mint, distributor, treasury, configs] = await Promise.all([
    services.keys.getOrCreate('mint', requestId), services.keys.getOrCreate('distributor', requestId),
    services.keys.treasury(), ensureCurveConfigs(services),
  ]);
  const config = configs.find((c) => c.curveType === input.form.bondingCurveType);
  if (!config) throw new DbcLaunchError(`No curve config for curve type ${input.form.bondingCurveType}`);
  const payer = new PublicKey(input.creatorWallet);
  const built = await buildLaunchTransaction(services.chain.connection, {
    config: new PublicKey(config.address), payer, poolCreator: distributor, mint,
    name: input.form.name, symbol: input.form.ticker.toUpperCase(), uri: metadataUri(services.env.publicUrl, mint.publicKey.toBase58()),
    initialBuyLamports: input.initialBuyLamports, slippageBps: input.slippageBps,
  });
  // The creation fee rides in the same transaction: one signature pays everything, or nothing lands.
  const tx = Transaction.from(built.transaction);
  tx.add(SystemProgram.transfer({ fromPubkey: payer, toPubkey: treasury.publicKey, lamports: CREATION_FEE_LAMPORTS }));
  tx.partialSign(mint, distributor);
  await services.db.insert(launchRequests).values({
    requestId, creatorWallet: input.creatorWallet, state: 'prepared', program: 'dbc',
    fundingWallet: input.creatorWallet, distributorWallet: distributor.publicKey.toBase58(), poolWallet: built.pool, mint: built.mint,
    amountToFundLamports: CREATION_FEE_LAMPORTS + input.initialBuyLamports, initialBuyLamports: input.initialBuyLamports,
    form: input.form, curveType: input.form.bondingCurveType, dbcConfig: config.address,
  });
  return {
    requestId, mint: built.mint, pool: built.pool,
    transaction: tx.serialize({ requireAllSignatures: false, verifySignatures: false }).toString('base64'),
    expectedTokens: built.expectedTokens, minimumTokens: built.minimumTokens, creationFeeLamports: CREATION_FEE_LAMPORTS,
  };
}

/**
 * Sends the creator's signed launch, or finds it landed (a retry after a lost answer), then
 * saves the campaign. Safe to repeat: each step reads what is already there.
 */
export async function completeDbcLaunch(services: Services, input: { requestId: string; creatorWallet: string; signedTransaction: string }): Promise<{ campaignId: number; mint: string; signature: string }> {
  const [row] = await services.db.select().from(launchRequests).where(eq(launchRequests.requestId, input.requestId));
  if (!row || row.program !== 'dbc' || row.creatorWallet !== input.creatorWallet || !row.form) throw new DbcLaunchError('Unknown launch request');
  const pool = new PublicKey(row.poolWallet);
  let signature = row.launchSignature;
  if (!await readVirtualPool(services.chain.connection, pool)) {
    const tx = Transaction.from(Buffer.from(input.signedTransaction, 'base64'));
    if (!tx.feePayer?.equals(new PublicKey(row.creatorWallet))) throw new DbcLaunchError('The launch transaction must be paid by the creator\'s wallet');
    const wire = tx.serialize();
    signature = await services.chain.sendAndConfirm(wire);
    await services.db.update(launchRequests).set({ launchSignature: signature, mintSignature: signature, sweepSignature: signature, state: 'initial_buy_done', updatedAt: services.now() })
      .where(eq(launchRequests.requestId, row.requestId));
  }
  const onChain = (await readVirtualPool(services.chain.connection, pool))?.poolState;
  if (!onChain) throw new DbcLaunchError('The launch did not land');
  if (onChain.creator.toBase58() !== row.distributorWallet || onChain.config.toBase58() !== row.dbcConfig || onChain.baseMint.toBase58() !== row.mint) {
    throw new DbcLaunchError('The pool on chain is not the one this launch prepared');
  }
  const state = await readCurveState(services.chain.connection, pool);
  await services.db.insert(curvePools).values({
    mint: row.mint, program: 'dbc', poolWallet: row.poolWallet, dbcConfig: row.dbcConfig, curveType: row.curveType ?? 1,
    thresholdLamports: state!.thresholdLamports, transferFeeBps: 0, maximumFee: '0', ...stateColumns(state!),
  }).onConflictDoNothing();
  // The initial buy is the pool's first trade: recorded now, before the campaign's page is shown.
  if (signature) await indexSwapSignatures(services, [signature]);
  const form: LaunchForm = row.form;
  const campaignId = await saveLaunchedCampaign(services.db, { ...row, launchSignature: signature, mintSignature: signature }, form, {
    publicUrl: services.env.publicUrl, now: services.now(), initialBuyLamports: row.initialBuyLamports, backerMinLamports: services.env.BACKER_MIN_LAMPORTS,
  });
  await services.db.update(launchRequests).set({ state: 'created', updatedAt: services.now() }).where(eq(launchRequests.requestId, row.requestId));
  return { campaignId, mint: row.mint, signature: signature! };
}

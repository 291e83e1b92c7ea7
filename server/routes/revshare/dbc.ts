// The launch service for a campaign on its own DBC pool (issue 36, CURVE_PROGRAM=dbc): prepare
// reserves the request and its keys, create answers the one transaction the creator's wallet
// signs, complete relays it and answers the spec's create result. Nothing is paid to a wallet of
// ours first, so there is no funding wallet and nothing to refund.

import { and, eq } from 'drizzle-orm';
import { dbcLaunchNetworkEstimate } from '../../../core/dbcLaunch';
import { lamportsToNumber } from '../../../core/money';
import type { LaunchCampaign } from '../../../core/schemas/creation';
import type { CompleteLaunchBody, DbcPrepareResult, DbcSignRequest } from '../../../core/schemas/launch';
import { completeDbcLaunch } from '../../curve/completeLaunch';
import { CurveConfigsMissingError, ensureCurveConfigs } from '../../curve/configs';
import { DbcLaunchError, buildDbcLaunch, reserveDbcLaunch } from '../../curve/launchCampaign';
import { launchRequests } from '../../db/schema';
import { HttpError, badRequest } from '../../http/errors';
import { ServiceFailure } from '../../http/serviceError';
import { LAUNCH_MESSAGES, MAX_OPEN_PREPARED_PER_WALLET, type CreateResult } from '../../curve/launchTerms';
import { launchFormOf } from '../../curve/launchForm';
import { donationWalletRefusal } from '../../policies/donationWallet';
import type { Services } from '../../services';

/** About how long a blockhash lands (150 slots of 400 ms): after it the creator creates the transaction again. */
const BLOCKHASH_LIFETIME_MS = 60_000;

/** A refusal worded for the caller as the HTTP error it is; anything else passes to the service message. */
function asHttp(err: unknown): never {
  if (err instanceof DbcLaunchError) throw new HttpError(err.status, err.message);
  if (err instanceof CurveConfigsMissingError) throw new ServiceFailure('Launches are not open on this network yet', { cause: err });
  throw err;
}

export async function prepareDbc(services: Services, creatorWallet: string, initialBuyLamports: bigint): Promise<DbcPrepareResult> {
  const open = await services.db.$count(launchRequests, and(eq(launchRequests.creatorWallet, creatorWallet), eq(launchRequests.state, 'prepared')));
  if (open >= MAX_OPEN_PREPARED_PER_WALLET) throw new HttpError(429, LAUNCH_MESSAGES.tooManyOpen);
  // Before any key is made: a network whose configs are missing cannot launch at all.
  await ensureCurveConfigs(services).catch(asHttp);
  const reserved = await reserveDbcLaunch(services, { creatorWallet, initialBuyLamports });
  const network = dbcLaunchNetworkEstimate(initialBuyLamports, services.env.publicUrl);
  return {
    program: 'dbc',
    request_id: reserved.requestId,
    distribution_wallet: reserved.distributor,
    distributor_wallet: reserved.distributor,
    amount_to_fund: lamportsToNumber(reserved.amountToFundLamports),
    amount_to_fund_lamports: reserved.amountToFundLamports.toString(),
    creation_fee_lamports: (reserved.amountToFundLamports - initialBuyLamports).toString(),
    initial_buy_lamports: initialBuyLamports.toString(),
    network_cost_estimate: lamportsToNumber(network),
    network_cost_estimate_lamports: network.toString(),
    token_address: reserved.mint,
    predicted_address: reserved.mint,
  };
}

export async function createDbc(services: Services, creatorWallet: string, requestId: string, campaign: LaunchCampaign & { ref?: string | null }): Promise<DbcSignRequest> {
  const refusal = await donationWalletRefusal(services, campaign.donationWallet);
  if (refusal) throw badRequest(refusal);
  const built = await buildDbcLaunch(services, {
    requestId, creatorWallet, form: launchFormOf(campaign), initialBuyLamports: campaign.initialBuy,
  }).catch(asHttp);
  const total = built.creationFeeLamports + built.initialBuyLamports + built.networkLamports;
  return {
    status: 'sign',
    requestId,
    transactionBase64: built.transaction,
    mintAddress: built.mint,
    pool: built.pool,
    distributionWallet: built.distributor,
    expectedTokens: built.expectedTokens.toString(),
    minimumTokens: built.minimumTokens.toString(),
    creationFeeLamports: built.creationFeeLamports.toString(),
    initialBuyLamports: built.initialBuyLamports.toString(),
    networkCostLamports: built.networkLamports.toString(),
    totalLamports: total.toString(),
    expiresAt: new Date(services.now().getTime() + BLOCKHASH_LIFETIME_MS).toISOString(),
  };
}

export function completeDbc(services: Services, creatorWallet: string, body: CompleteLaunchBody): Promise<CreateResult> {
  return completeDbcLaunch(services, { requestId: body.request_id, creatorWallet, signedTransaction: body.signedTransaction }).catch(asHttp);
}

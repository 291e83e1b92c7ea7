import { DBC_CREATION_FEE_LAMPORTS } from '../../../core/dbcLaunch';
import { formatSol } from '../../../core/money';
import type { CreateLaunchBody, CreateLaunchResult, DbcPrepareResult, DbcSignRequest } from '../../api/launch';
import {
  LAUNCH_SERVICE, NOT_A_LAUNCH_TRANSACTION, finishPaidLaunch, initialBuyText, launchBody, step, uploadLogoAndVideo, uploadPhotos,
  type CreationInput, type CreationOutcome, type SharedDeps,
} from './creationShared';

/** What the flow needs from the outside world: the launch API and the wallet's one signature. */
export type DbcCreationDeps = SharedDeps & {
  prepare: (initialBuySol: string | null) => Promise<DbcPrepareResult>;
  /** create: the launch transaction for this body. */
  build: (body: CreateLaunchBody) => Promise<DbcSignRequest>;
  /** The connected wallet signs the launch transaction (base64 in, base64 out); nothing is sent. */
  sign: (request: DbcSignRequest) => Promise<string>;
  complete: (requestId: string, signedTransaction: string) => Promise<CreateLaunchResult>;
  /** Learns the outcome when complete's answer was lost (see recoverLaunch). */
  recover: (requestId: string, signedTransaction: string) => Promise<CreateLaunchResult>;
};

/**
 * Steps 4-9 of spec 1 section 4 on a DBC pool (issue 36; the page checked logo, wallet and
 * sign-in first): logo, video and photos first (the transaction is built with the whole
 * form), then prepare, create, the wallet's one approval, and complete. The
 * creator signs only the creation fee, the initial buy, and at most the network cost prepare
 * estimated (rent for the new accounts, the signatures); the wallet shows the exact sum.
 */
export async function runDbcCreation(input: CreationInput, deps: DbcCreationDeps): Promise<CreationOutcome> {
  const { form } = input;
  const media = await uploadLogoAndVideo(input, deps);
  const { photos, photosFailed } = await uploadPhotos(input, deps);

  deps.onStep('preparing');
  const initialBuy = initialBuyText(form);
  const prepared = await step(LAUNCH_SERVICE.prepare, () => deps.prepare(initialBuy));
  if (prepared.program !== 'dbc') throw new Error(NOT_A_LAUNCH_TRANSACTION);
  const expected = DBC_CREATION_FEE_LAMPORTS + form.initialBuy;
  if (BigInt(prepared.amount_to_fund_lamports) !== expected) {
    throw new Error(`Failed to prepare campaign: the service asked for ${prepared.amount_to_fund} SOL, expected ${formatSol(expected)} SOL`);
  }
  const request = await step(LAUNCH_SERVICE.launch, () => deps.build(launchBody(input, prepared.request_id, media, photos)));
  const most = expected + BigInt(prepared.network_cost_estimate_lamports);
  if (request.mintAddress !== prepared.token_address || BigInt(request.totalLamports) > most) {
    throw new Error(`Failed to create launch transaction: it would take ${formatSol(BigInt(request.totalLamports))} SOL, expected at most ${formatSol(most)} SOL`);
  }

  deps.onStep('signing-launch');
  const signed = await step(LAUNCH_SERVICE.launch, () => deps.sign(request));

  deps.onStep('creating');
  const result = await finishPaidLaunch(() => deps.complete(request.requestId, signed), () => deps.recover(request.requestId, signed));
  if (photosFailed) deps.warnPhotos();
  return { ...result, photosFailed };
}

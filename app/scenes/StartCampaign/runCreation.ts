import { CREATION_COST } from '../../../core/constants';
import { formatSol, parseSol, solToLamports } from '../../../core/money';
import type { CreateLaunchBody, CreateLaunchResult, CustodialPrepareResult, PrepareResult } from '../../api/launch';
import {
  FLOW_CHANGED, LAUNCH_SERVICE, finishPaidLaunch, initialBuyText, launchBody, step, uploadLogoAndVideo, uploadPhotos,
  type CreationInput, type CreationOutcome, type SharedDeps,
} from './creationShared';

export { LAUNCH_SERVICE, LaunchStepError, LogoUploadError, type CreationInput, type CreationOutcome } from './creationShared';

/** What the funding-wallet flow needs from the outside world: storage, the launch API, the wallet, the toasts. */
export type CreationDeps = SharedDeps & {
  prepare: (initialBuySol: string | null) => Promise<PrepareResult>;
  /** The connected wallet signs a transfer (then `onSigned`), it is sent and confirmed (and 2 s pass). */
  fund: (to: string, lamports: bigint, onSigned: () => void) => Promise<string>;
  create: (body: CreateLaunchBody) => Promise<CreateLaunchResult>;
  /** Learns a funded request's outcome when create's answer was lost (see recoverLaunch). */
  recover: (body: CreateLaunchBody) => Promise<CreateLaunchResult>;
};

/**
 * Steps 4-9 of spec 1 section 4 (the page checked logo, wallet and sign-in first).
 * The creator signs only the amount the page showed: 0.05 SOL plus the initial buy.
 */
export async function runCreation(input: CreationInput, deps: CreationDeps): Promise<CreationOutcome> {
  const { form } = input;
  const media = await uploadLogoAndVideo(input, deps);

  deps.onStep('preparing');
  const initialBuy = initialBuyText(form);
  const answer = await step(LAUNCH_SERVICE.prepare, () => deps.prepare(initialBuy));
  if (answer.program === 'dbc') throw new Error(FLOW_CHANGED);
  const prepared: CustodialPrepareResult = answer;
  const expected = parseSol(CREATION_COST.total) + form.initialBuy;
  if (fundingLamports(prepared) !== expected) {
    throw new Error(`Failed to prepare campaign: the service asked for ${prepared.amount_to_fund} SOL, expected ${formatSol(expected)} SOL`);
  }

  deps.onStep('signing');
  await step(LAUNCH_SERVICE.funding, () => deps.fund(prepared.funding_wallet, expected, () => deps.onStep('confirming')));

  const { photos, photosFailed } = await uploadPhotos(input, deps);

  deps.onStep('creating');
  const body = launchBody(input, prepared.request_id, media, photos);
  const result = await finishPaidLaunch(() => deps.create(body), () => deps.recover(body));
  if (photosFailed) deps.warnPhotos();
  return { ...result, photosFailed };
}

function fundingLamports(prepared: CustodialPrepareResult): bigint | null {
  try {
    return prepared.amount_to_fund_lamports ? BigInt(prepared.amount_to_fund_lamports) : solToLamports(prepared.amount_to_fund);
  } catch {
    return null;
  }
}

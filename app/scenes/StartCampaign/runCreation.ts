import { CREATION_COST, TOKEN_DECIMALS } from '../../../core/constants';
import type { UploadKind } from '../../../core/enums';
import { formatSol, parseSol, solToLamports } from '../../../core/money';
import type { CreationForm } from '../../../core/schemas/creation';
import { ApiError } from '../../api/client';
import type { CreateLaunchBody, CreateLaunchResult, LaunchPhoto, PrepareResult } from '../../api/launch';
import type { CreationStep } from './creationSteps';
import { mainFirst, type PhotoEntry } from './photos';
import { isSettledFailure, LaunchUnresolvedError } from './recoverLaunch';

// Spec 1 section 9: the token the revshare service creates.
const TAX_TIER = 6;
const VISIBLE = 1;
const MODE = 0;
const DEV_FEE_PERCENTAGE = 50;
// Rewards are paid in SOL: the reward token is wrapped SOL.
const REWARD_CA = 'So11111111111111111111111111111111111111112';

export type CreationInput = {
  form: CreationForm;
  logo: File;
  video: File | null;
  photos: PhotoEntry<File>[];
  wallet: string;
  ref: string | null;
};

/** What the flow needs from the outside world: storage, the launch API, the wallet, the toasts. */
export type CreationDeps = {
  /** Why the server would refuse this donation wallet (a platform address, a token account), or null. */
  donationWalletRefusal: (address: string) => Promise<string | null>;
  upload: (file: File, kind: UploadKind) => Promise<{ url: string }>;
  prepare: (initialBuySol: string | null) => Promise<PrepareResult>;
  /** The connected wallet signs a transfer (then `onSigned`), it is sent and confirmed (and 2 s pass). */
  fund: (to: string, lamports: bigint, onSigned: () => void) => Promise<string>;
  create: (body: CreateLaunchBody) => Promise<CreateLaunchResult>;
  /** Learns a funded request's outcome when create's answer was lost (see recoverLaunch). */
  recover: (body: CreateLaunchBody) => Promise<CreateLaunchResult>;
  onStep: (step: CreationStep) => void;
  warnVideo: () => void;
  warnPhotos: () => void;
};

/** The logo upload failed: the flow stops with 'Upload failed', not 'Creation failed'. */
export class LogoUploadError extends Error {
  constructor(readonly cause: unknown) {
    super(cause instanceof Error ? cause.message : 'Upload failed');
    this.name = 'LogoUploadError';
  }
}

// Spec 1 section 8 'Service messages': what failed, with the specific reason beside it.
export const LAUNCH_SERVICE = {
  prepare: 'Failed to prepare token creation',
  funding: 'Failed to create funding transaction',
  complete: 'Failed to complete token creation',
} as const;

function reasonOf(err: unknown): string {
  if (err instanceof ApiError) return err.reason ? `${err.message} (${err.reason})` : err.message;
  return err instanceof Error ? err.message : typeof err === 'string' ? err : '';
}

/** A launch step's failure: '{service message}: {reason}' (the reason kept for the wallet/chain mapping). */
export class LaunchStepError extends Error {
  constructor(readonly service: string, readonly cause: unknown) {
    const reason = reasonOf(cause);
    super(reason ? `${service}: ${reason}` : service);
    this.name = 'LaunchStepError';
  }
}

async function step<T>(service: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    // Not a failure: the page shows it as a launch still being confirmed.
    if (err instanceof LaunchUnresolvedError) throw err;
    throw new LaunchStepError(service, err);
  }
}

export type CreationOutcome = CreateLaunchResult & { photosFailed: boolean };

/**
 * Steps 4-9 of spec 1 section 4 (the page checked logo, wallet and sign-in first).
 * The creator signs only the amount the page showed: 0.05 SOL plus the initial buy.
 */
export async function runCreation(input: CreationInput, deps: CreationDeps): Promise<CreationOutcome> {
  const { form } = input;
  // Before anything is uploaded or paid: create would refuse this wallet after the funding.
  const refusal = await deps.donationWalletRefusal(form.donationWallet);
  if (refusal) throw new Error(refusal);
  deps.onStep('uploading-logo');
  const logo = await deps.upload(input.logo, 'token_logo').catch((err: unknown) => { throw new LogoUploadError(err); });

  let videoUrl: string | undefined;
  if (input.video) {
    deps.onStep('uploading-video');
    try {
      videoUrl = (await deps.upload(input.video, 'campaign_video')).url;
    } catch {
      deps.warnVideo();
    }
  }

  deps.onStep('preparing');
  const initialBuy = form.initialBuy > 0n ? formatSol(form.initialBuy) : null;
  const prepared = await step(LAUNCH_SERVICE.prepare, () => deps.prepare(initialBuy));
  const expected = parseSol(CREATION_COST.total) + form.initialBuy;
  if (fundingLamports(prepared) !== expected) {
    throw new Error(`Failed to prepare campaign: the service asked for ${prepared.amount_to_fund} SOL, expected ${formatSol(expected)} SOL`);
  }

  deps.onStep('signing');
  await step(LAUNCH_SERVICE.funding, () => deps.fund(prepared.funding_wallet, expected, () => deps.onStep('confirming')));

  let photos: LaunchPhoto[] = [];
  let photosFailed = false;
  if (input.photos.length) {
    deps.onStep('uploading-photos');
    try {
      photos = await Promise.all(mainFirst(input.photos).map(async (p) => ({ url: (await deps.upload(p.file, 'campaign_photo')).url, isMain: p.isMain })));
    } catch {
      photosFailed = true;
    }
  }

  deps.onStep('creating');
  const body: CreateLaunchBody = {
    request_id: prepared.request_id,
    name: form.name,
    ticker: form.ticker,
    description: form.description,
    imageUrl: logo.url,
    developerWallet: input.wallet,
    website: form.website ?? '',
    twitter: form.twitter ?? '',
    telegram: form.telegram ?? '',
    decimals: TOKEN_DECIMALS,
    taxTier: TAX_TIER,
    visible: VISIBLE,
    mode: MODE,
    dev_fee_percentage: DEV_FEE_PERCENTAGE,
    reward_ca: REWARD_CA,
    ...(initialBuy ? { initialBuy } : {}),
    bondingCurveType: form.bondingCurveType,
    ...(input.ref ? { ref: input.ref } : {}),
    category: form.category,
    goal: formatSol(form.goal),
    donationWallet: form.donationWallet,
    ...(videoUrl ? { videoUrl } : {}),
    photos,
  };
  // The creator has paid: from here a lost or partial answer is looked up by request id, never
  // reported as a failure that invites a second launch and payment (see recoverLaunch).
  const result = await step(LAUNCH_SERVICE.complete, async () => {
    try {
      const answer = await deps.create(body);
      if (answer.mintAddress || (answer as { error?: unknown }).error) return answer;
    } catch (err) {
      if (isSettledFailure(err)) throw err;
    }
    return deps.recover(body);
  });
  // The service may answer 200 with { error } (spec 1 section 7).
  const failure = (result as { error?: unknown }).error;
  if (typeof failure === 'string' && failure) throw new Error(failure);
  if (!result.mintAddress) throw new Error('Failed to create token');
  if (photosFailed) deps.warnPhotos();
  return { ...result, photosFailed };
}

function fundingLamports(prepared: PrepareResult): bigint | null {
  try {
    return prepared.amount_to_fund_lamports ? BigInt(prepared.amount_to_fund_lamports) : solToLamports(prepared.amount_to_fund);
  } catch {
    return null;
  }
}

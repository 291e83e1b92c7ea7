// The creation flow's parts (its order is runDbcCreation.ts): the uploads, the create body,
// the spec's service messages, and how an answer lost after the wallet signed is looked up
// rather than reported as a failure.

import { TOKEN_DECIMALS } from '../../../core/constants';
import type { UploadKind } from '../../../core/enums';
import { formatSol } from '../../../core/money';
import type { CreationForm } from '../../../core/schemas/creation';
import { ApiError } from '../../api/client';
import type { CreateLaunchBody, CreateLaunchResult, LaunchPhoto } from '../../api/launch';
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

/** What the flow needs from the outside world besides the launch calls: storage, the page's steps, the toasts. */
export type SharedDeps = {
  /** Why the server would refuse this donation wallet (a platform address, a token account), or null. */
  donationWalletRefusal: (address: string) => Promise<string | null>;
  upload: (file: File, kind: UploadKind) => Promise<{ url: string }>;
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
  launch: 'Failed to create launch transaction',
  complete: 'Failed to complete token creation',
} as const;

/** Prepare answered without a launch transaction to come: a server still on the retired funding-wallet design (issue 36). */
export const NOT_A_LAUNCH_TRANSACTION = 'This launch service asks for a funding transfer, which this site no longer makes: nothing was paid';

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

export async function step<T>(service: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    // Not a failure: the page shows it as a launch still being confirmed.
    if (err instanceof LaunchUnresolvedError) throw err;
    throw new LaunchStepError(service, err);
  }
}

export type CreationOutcome = CreateLaunchResult & { photosFailed: boolean };

/** Steps 4-5 of spec 1 section 4, after the donation wallet is checked: the logo (required) and the video (optional). */
export async function uploadLogoAndVideo(input: CreationInput, deps: SharedDeps): Promise<{ logoUrl: string; videoUrl?: string }> {
  // Before anything is uploaded or paid: create would refuse this wallet.
  const refusal = await deps.donationWalletRefusal(input.form.donationWallet);
  if (refusal) throw new Error(refusal);
  deps.onStep('uploading-logo');
  const logo = await deps.upload(input.logo, 'token_logo').catch((err: unknown) => { throw new LogoUploadError(err); });
  if (!input.video) return { logoUrl: logo.url };
  deps.onStep('uploading-video');
  try {
    return { logoUrl: logo.url, videoUrl: (await deps.upload(input.video, 'campaign_video')).url };
  } catch {
    deps.warnVideo();
    return { logoUrl: logo.url };
  }
}

/** Step 9: the photos; a failure only warns (the campaign is created without them). */
export async function uploadPhotos(input: CreationInput, deps: SharedDeps): Promise<{ photos: LaunchPhoto[]; photosFailed: boolean }> {
  if (!input.photos.length) return { photos: [], photosFailed: false };
  deps.onStep('uploading-photos');
  try {
    const photos = await Promise.all(mainFirst(input.photos).map(async (p) => ({ url: (await deps.upload(p.file, 'campaign_photo')).url, isMain: p.isMain })));
    return { photos, photosFailed: false };
  } catch {
    return { photos: [], photosFailed: true };
  }
}

export const initialBuyText = (form: CreationForm) => (form.initialBuy > 0n ? formatSol(form.initialBuy) : null);

/** POST /api/revshare/create's body: spec 1 section 7 plus the campaign's own fields. */
export function launchBody(input: CreationInput, requestId: string, media: { logoUrl: string; videoUrl?: string }, photos: LaunchPhoto[]): CreateLaunchBody {
  const { form } = input;
  const initialBuy = initialBuyText(form);
  return {
    request_id: requestId,
    name: form.name,
    ticker: form.ticker,
    description: form.description,
    imageUrl: media.logoUrl,
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
    ...(media.videoUrl ? { videoUrl: media.videoUrl } : {}),
    photos,
  };
}

/**
 * The call that finishes a signed launch. Once it is sent the creator may have paid: from here
 * a lost or partial answer is looked up by request id, never reported as a failure that invites
 * a second launch and payment (see recoverLaunch). The service may answer 200 with { error } (spec 1 section 7).
 */
export async function finishPaidLaunch(call: () => Promise<CreateLaunchResult>, recover: () => Promise<CreateLaunchResult>): Promise<CreateLaunchResult> {
  const result = await step(LAUNCH_SERVICE.complete, async () => {
    try {
      const answer = await call();
      if (answer.mintAddress || (answer as { error?: unknown }).error) return answer;
    } catch (err) {
      if (isSettledFailure(err)) throw err;
    }
    return recover();
  });
  const failure = (result as { error?: unknown }).error;
  if (typeof failure === 'string' && failure) throw new Error(failure);
  if (!result.mintAddress) throw new Error('Failed to create token');
  return result;
}

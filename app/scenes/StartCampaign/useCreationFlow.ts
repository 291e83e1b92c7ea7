import { useCallback, useRef, useState } from 'react';
import { checkDonationWallet } from '../../api/donationWallets';
import {
  campaignOfRequest, completeLaunch, createLaunchTransaction, prepareLaunch, useLaunchCreated, type CreateLaunchResult,
} from '../../api/launch';
import { uploadFile } from '../../api/uploads';
import { phaseOfStep, type CreationPhase, type CreationStep } from './creationSteps';
import { LogoUploadError, type CreationInput, type CreationOutcome } from './creationShared';
import {
  toastCampaignCreated, toastCreationFailed, toastPhotosUploadFailed, toastUploadFailed, toastVideoUploadFailed,
} from './creationToasts';
import { LaunchUnresolvedError, recoverLaunch } from './recoverLaunch';
import { runDbcCreation } from './runDbcCreation';
import { useLaunchSigner } from './useLaunchSigner';

const pause = (ms: number) => new Promise<void>((resolve) => { setTimeout(resolve, ms); });
const recoverDeps = { findByRequest: campaignOfRequest, wait: pause };

/** A signed launch whose outcome is not known yet, and the idempotent call that learns it. */
export type UnresolvedLaunch = { requestId: string; ticker: string; wallet: string; retry: () => Promise<CreateLaunchResult> };

export type FlowState =
  | { phase: 'form' }
  | { phase: Exclude<CreationPhase, 'form' | 'complete'>; step: CreationStep }
  | { phase: 'complete'; outcome: CreationOutcome; ticker: string }
  /** Signed and sent, but the outcome could not be learned: no form (it would invite a second launch), only 'Check again'. */
  | { phase: 'unresolved'; launch: UnresolvedLaunch; checking: boolean };

/**
 * Runs a creation and tracks its phase; a failure returns to the form (values kept), except
 * after the wallet signed when the outcome is unknown: that request is looked up, never relaunched.
 */
export function useCreationFlow() {
  const launched = useLaunchCreated();
  const signLaunch = useLaunchSigner();
  const [state, setState] = useState<FlowState>({ phase: 'form' });
  const running = useRef(false);

  const start = useCallback(async (input: CreationInput) => {
    if (running.current) return;
    running.current = true;
    let retry: UnresolvedLaunch['retry'] | null = null;
    try {
      const outcome = await runDbcCreation(input, {
        donationWalletRefusal: async (address) => (await checkDonationWallet(address)).reason,
        upload: (file, kind) => uploadFile(file, { kind }),
        onStep: (step) => setState({ phase: phaseOfStep(step), step }),
        warnVideo: toastVideoUploadFailed,
        warnPhotos: toastPhotosUploadFailed,
        prepare: prepareLaunch, build: createLaunchTransaction, sign: signLaunch, complete: completeLaunch,
        recover: (requestId, signed) => (retry = () => recoverLaunch(requestId, { ...recoverDeps, complete: () => completeLaunch(requestId, signed) }))(),
      });
      launched(input.wallet);
      toastCampaignCreated(input.form.ticker);
      setState({ phase: 'complete', outcome, ticker: input.form.ticker });
    } catch (err) {
      if (err instanceof LaunchUnresolvedError && retry) {
        setState({ phase: 'unresolved', launch: { requestId: err.requestId, ticker: input.form.ticker, wallet: input.wallet, retry }, checking: false });
        return;
      }
      if (err instanceof LogoUploadError) toastUploadFailed(err.message);
      else toastCreationFailed(err);
      setState({ phase: 'form' });
    } finally {
      running.current = false;
    }
  }, [launched, signLaunch]);

  /** 'Check again' on an unresolved launch: the same lookup, for the same request. */
  const checkAgain = useCallback(async () => {
    if (state.phase !== 'unresolved' || state.checking) return;
    const { launch } = state;
    setState({ phase: 'unresolved', launch, checking: true });
    try {
      const outcome = await launch.retry();
      launched(launch.wallet);
      toastCampaignCreated(launch.ticker);
      setState({ phase: 'complete', outcome: { ...outcome, photosFailed: false }, ticker: launch.ticker });
    } catch (err) {
      if (err instanceof LaunchUnresolvedError) setState({ phase: 'unresolved', launch, checking: false });
      else {
        // Settled: the launch never landed (nothing was paid), so the form may be offered again.
        toastCreationFailed(err);
        setState({ phase: 'form' });
      }
    }
  }, [state, launched]);

  return { state, start, checkAgain };
}

import { WalletNotConnectedError } from '@solana/wallet-adapter-base';
import { useConnection, useWallet } from '@solana/wallet-adapter-react';
import { PublicKey, SystemProgram, Transaction } from '@solana/web3.js';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import type { CurveProgram } from '../../../core/schemas/launch';
import { clientConfigQuery } from '../../api/config';
import { checkDonationWallet } from '../../api/donationWallets';
import {
  campaignOfRequest, completeLaunch, createLaunch, createLaunchTransaction, prepareLaunch, useLaunchCreated,
  type CreateLaunchBody, type CreateLaunchResult,
} from '../../api/launch';
import { uploadFile } from '../../api/uploads';
import { signSendAndConfirm } from '../../solana/sendTransaction';
import { phaseOfStep, type CreationPhase, type CreationStep } from './creationSteps';
import type { SharedDeps } from './creationShared';
import {
  toastCampaignCreated, toastCreationFailed, toastPhotosUploadFailed, toastUploadFailed, toastVideoUploadFailed,
} from './creationToasts';
import { LaunchUnresolvedError, recoverLaunch } from './recoverLaunch';
import { LogoUploadError, runCreation, type CreationInput, type CreationOutcome } from './runCreation';
import { runDbcCreation } from './runDbcCreation';
import { useLaunchSigner } from './useLaunchSigner';

const pause = (ms: number) => new Promise<void>((resolve) => { setTimeout(resolve, ms); });
const recoverDeps = { findByRequest: campaignOfRequest, wait: pause };

/** A paid launch whose outcome is not known yet, and the idempotent call that learns it. */
export type UnresolvedLaunch = { requestId: string; ticker: string; wallet: string; program: CurveProgram; retry: () => Promise<CreateLaunchResult> };

export type FlowState =
  | { phase: 'form' }
  | { phase: Exclude<CreationPhase, 'form' | 'complete'>; step: CreationStep; program: CurveProgram }
  | { phase: 'complete'; outcome: CreationOutcome; ticker: string }
  /** Paid, but the outcome could not be learned: no form (it would invite a second launch), only 'Check again'. */
  | { phase: 'unresolved'; launch: UnresolvedLaunch; checking: boolean };

/**
 * Runs a creation and tracks its phase; a failure returns to the form (values kept), except
 * after the wallet paid when the outcome is unknown: that request is looked up, never relaunched.
 * The flow is the server's (GET /api/config curveProgram): a funding transfer, or one DBC launch transaction.
 */
export function useCreationFlow() {
  const { connection } = useConnection();
  const { publicKey, signTransaction } = useWallet();
  const queryClient = useQueryClient();
  const launched = useLaunchCreated();
  const signLaunch = useLaunchSigner();
  const [state, setState] = useState<FlowState>({ phase: 'form' });
  const running = useRef(false);

  // A plain SOL transfer; the wallet signs, /api/rpc sends, 'confirmed' within 60 s, then 2 s more.
  const fund = useCallback(async (to: string, lamports: bigint, onSigned: () => void) => {
    if (!publicKey || !signTransaction) throw new WalletNotConnectedError();
    const transfer = new Transaction().add(SystemProgram.transfer({ fromPubkey: publicKey, toPubkey: new PublicKey(to), lamports }));
    return signSendAndConfirm(connection, {
      publicKey,
      signTransaction: async (tx) => {
        const signed = await signTransaction(tx);
        onSigned();
        return signed;
      },
    }, transfer);
  }, [connection, publicKey, signTransaction]);

  const start = useCallback(async (input: CreationInput) => {
    if (running.current) return;
    running.current = true;
    let program: CurveProgram = 'custodial';
    let retry: UnresolvedLaunch['retry'] | null = null;
    try {
      program = (await queryClient.ensureQueryData(clientConfigQuery)).curveProgram;
      const shared: SharedDeps = {
        donationWalletRefusal: async (address) => (await checkDonationWallet(address)).reason,
        upload: (file, kind) => uploadFile(file, { kind }),
        onStep: (step) => setState({ phase: phaseOfStep(step, program), step, program }),
        warnVideo: toastVideoUploadFailed,
        warnPhotos: toastPhotosUploadFailed,
      };
      const outcome = program === 'dbc'
        ? await runDbcCreation({ ...input, program }, {
          ...shared, prepare: prepareLaunch, build: createLaunchTransaction, sign: signLaunch, complete: completeLaunch,
          recover: (requestId, signed) => (retry = () => recoverLaunch({ request_id: requestId }, { ...recoverDeps, create: () => completeLaunch(requestId, signed) }))(),
        })
        : await runCreation(input, {
          ...shared, prepare: prepareLaunch, fund, create: createLaunch,
          recover: (body: CreateLaunchBody) => (retry = () => recoverLaunch(body, { ...recoverDeps, create: createLaunch }))(),
        });
      launched(input.wallet);
      toastCampaignCreated(input.form.ticker);
      setState({ phase: 'complete', outcome, ticker: input.form.ticker });
    } catch (err) {
      if (err instanceof LaunchUnresolvedError && retry) {
        setState({ phase: 'unresolved', launch: { requestId: err.requestId, ticker: input.form.ticker, wallet: input.wallet, program, retry }, checking: false });
        return;
      }
      if (err instanceof LogoUploadError) toastUploadFailed(err.message);
      else toastCreationFailed(err);
      setState({ phase: 'form' });
    } finally {
      running.current = false;
    }
  }, [fund, launched, queryClient, signLaunch]);

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
        // Settled: the launch failed (refunded, or for a DBC launch never landed), so the form may be offered again.
        toastCreationFailed(err);
        setState({ phase: 'form' });
      }
    }
  }, [state, launched]);

  return { state, start, checkAgain };
}

import { WalletNotConnectedError } from '@solana/wallet-adapter-base';
import { useConnection, useWallet } from '@solana/wallet-adapter-react';
import { PublicKey, SystemProgram, Transaction } from '@solana/web3.js';
import { useCallback, useRef, useState } from 'react';
import { checkDonationWallet } from '../../api/donationWallets';
import { campaignOfRequest, createLaunch, prepareLaunch, useLaunchCreated, type CreateLaunchBody } from '../../api/launch';
import { uploadFile } from '../../api/uploads';
import { signSendAndConfirm } from '../../solana/sendTransaction';
import { phaseOfStep, type CreationPhase, type CreationStep } from './creationSteps';
import {
  toastCampaignCreated, toastCreationFailed, toastPhotosUploadFailed, toastUploadFailed, toastVideoUploadFailed,
} from './creationToasts';
import { LaunchUnresolvedError, recoverLaunch } from './recoverLaunch';
import { LogoUploadError, runCreation, type CreationInput, type CreationOutcome } from './runCreation';

const pause = (ms: number) => new Promise<void>((resolve) => { setTimeout(resolve, ms); });
const recover = (body: CreateLaunchBody) => recoverLaunch(body, { findByRequest: campaignOfRequest, create: createLaunch, wait: pause });

export type FlowState =
  | { phase: 'form' }
  | { phase: Exclude<CreationPhase, 'form' | 'complete'>; step: CreationStep }
  | { phase: 'complete'; outcome: CreationOutcome; ticker: string }
  /** Paid, but the outcome could not be learned: no form (it would invite a second launch), only 'Check again'. */
  | { phase: 'unresolved'; body: CreateLaunchBody; checking: boolean };

/**
 * Runs a creation and tracks its phase; a failure returns to the form (values kept), except
 * after the funding when the outcome is unknown: that request is looked up, never relaunched.
 */
export function useCreationFlow() {
  const { connection } = useConnection();
  const { publicKey, signTransaction } = useWallet();
  const launched = useLaunchCreated();
  const [state, setState] = useState<FlowState>({ phase: 'form' });
  const running = useRef(false);
  const lastBody = useRef<CreateLaunchBody | null>(null);

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
    try {
      const outcome = await runCreation(input, {
        donationWalletRefusal: async (address) => (await checkDonationWallet(address)).reason,
        upload: (file, kind) => uploadFile(file, { kind }),
        prepare: prepareLaunch,
        fund,
        create: createLaunch,
        recover: (body) => {
          lastBody.current = body;
          return recover(body);
        },
        onStep: (step) => setState({ phase: phaseOfStep(step), step }),
        warnVideo: toastVideoUploadFailed,
        warnPhotos: toastPhotosUploadFailed,
      });
      launched(input.wallet);
      toastCampaignCreated(input.form.ticker);
      setState({ phase: 'complete', outcome, ticker: input.form.ticker });
    } catch (err) {
      if (err instanceof LaunchUnresolvedError && lastBody.current) {
        setState({ phase: 'unresolved', body: lastBody.current, checking: false });
        return;
      }
      if (err instanceof LogoUploadError) toastUploadFailed(err.message);
      else toastCreationFailed(err);
      setState({ phase: 'form' });
    } finally {
      running.current = false;
    }
  }, [fund, launched]);

  /** 'Check again' on an unresolved launch: the same lookup, for the same request. */
  const checkAgain = useCallback(async () => {
    if (state.phase !== 'unresolved' || state.checking) return;
    const { body } = state;
    setState({ phase: 'unresolved', body, checking: true });
    try {
      const outcome = await recover(body);
      launched(body.developerWallet);
      toastCampaignCreated(body.ticker);
      setState({ phase: 'complete', outcome: { ...outcome, photosFailed: false }, ticker: body.ticker });
    } catch (err) {
      if (err instanceof LaunchUnresolvedError) setState({ phase: 'unresolved', body, checking: false });
      else {
        // Settled: the launch failed and its funding was refunded, so the form may be offered again.
        toastCreationFailed(err);
        setState({ phase: 'form' });
      }
    }
  }, [state, launched]);

  return { state, start, checkAgain };
}

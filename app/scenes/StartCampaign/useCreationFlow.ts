import { useWallet } from '@solana/wallet-adapter-react';
import { PublicKey, SystemProgram, Transaction } from '@solana/web3.js';
import { useCallback, useRef, useState } from 'react';
import { createLaunch, prepareLaunch, useLaunchCreated } from '../../api/launch';
import { uploadFile } from '../../api/uploads';
import { useSignSendAndConfirm } from '../../solana/useSignSendAndConfirm';
import { phaseOfStep, type CreationPhase, type CreationStep } from './creationSteps';
import {
  toastCampaignCreated, toastCreationFailed, toastPhotosUploadFailed, toastUploadFailed, toastVideoUploadFailed,
} from './creationToasts';
import { LogoUploadError, runCreation, type CreationInput, type CreationOutcome } from './runCreation';

export type FlowState =
  | { phase: 'form' }
  | { phase: Exclude<CreationPhase, 'form' | 'complete'>; step: CreationStep }
  | { phase: 'complete'; outcome: CreationOutcome; ticker: string };

/** Runs a creation and tracks its phase; any failure returns to the form (values kept). */
export function useCreationFlow() {
  const { publicKey } = useWallet();
  const signSendAndConfirm = useSignSendAndConfirm();
  const launched = useLaunchCreated();
  const [state, setState] = useState<FlowState>({ phase: 'form' });
  const running = useRef(false);

  const fund = useCallback(async (to: string, lamports: bigint) => {
    if (!publicKey) throw new Error('WalletNotConnectedError');
    const transfer = new Transaction().add(SystemProgram.transfer({ fromPubkey: publicKey, toPubkey: new PublicKey(to), lamports }));
    return signSendAndConfirm(transfer);
  }, [publicKey, signSendAndConfirm]);

  const start = useCallback(async (input: CreationInput) => {
    if (running.current) return;
    running.current = true;
    try {
      const outcome = await runCreation(input, {
        upload: (file, kind) => uploadFile(file, { kind }),
        prepare: prepareLaunch,
        fund,
        create: createLaunch,
        onStep: (step) => setState({ phase: phaseOfStep(step), step }),
        warnVideo: toastVideoUploadFailed,
        warnPhotos: toastPhotosUploadFailed,
      });
      launched(input.wallet);
      toastCampaignCreated(input.form.ticker);
      setState({ phase: 'complete', outcome, ticker: input.form.ticker });
    } catch (err) {
      if (err instanceof LogoUploadError) toastUploadFailed(err.message);
      else toastCreationFailed(err);
      setState({ phase: 'form' });
    } finally {
      running.current = false;
    }
  }, [fund, launched]);

  return { state, start };
}

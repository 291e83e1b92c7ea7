import { WalletNotConnectedError } from '@solana/wallet-adapter-base';
import { useConnection, useWallet } from '@solana/wallet-adapter-react';
import { PublicKey, SystemProgram, Transaction } from '@solana/web3.js';
import { useCallback, useRef, useState } from 'react';
import { checkDonationWallet } from '../../api/donationWallets';
import { createLaunch, prepareLaunch, useLaunchCreated } from '../../api/launch';
import { uploadFile } from '../../api/uploads';
import { signSendAndConfirm } from '../../solana/sendTransaction';
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
  const { connection } = useConnection();
  const { publicKey, signTransaction } = useWallet();
  const launched = useLaunchCreated();
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
    try {
      const outcome = await runCreation(input, {
        donationWalletRefusal: async (address) => (await checkDonationWallet(address)).reason,
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

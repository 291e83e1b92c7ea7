// The steps of spec 1 section 4 'Campaign creation flow' as the progress view names them.
// On a DBC pool (issue 36) there is no funding transfer: the photos go up first, and the one
// transaction the wallet approves is the launch itself.

import type { CurveProgram } from '../../../core/schemas/launch';

export type CreationStep =
  | 'uploading-logo' | 'uploading-video' | 'preparing' | 'signing' | 'confirming' | 'uploading-photos' | 'signing-launch' | 'creating';

export type CreationPhase = 'form' | 'processing' | 'creating' | 'complete';

export const CREATION_STEPS: readonly CreationStep[] = [
  'uploading-logo', 'uploading-video', 'preparing', 'signing', 'confirming', 'uploading-photos', 'creating',
];

export const DBC_CREATION_STEPS: readonly CreationStep[] = [
  'uploading-logo', 'uploading-video', 'uploading-photos', 'preparing', 'signing-launch', 'creating',
];

export const stepsOf = (program: CurveProgram) => (program === 'dbc' ? DBC_CREATION_STEPS : CREATION_STEPS);

export const STEP_LABELS: Record<CreationStep, string> = {
  'uploading-logo': 'Uploading logo',
  'uploading-video': 'Uploading video',
  preparing: 'Preparing token creation',
  signing: 'Approve the funding transaction in your wallet',
  confirming: 'Confirming the funding transaction',
  'uploading-photos': 'Uploading photos',
  'signing-launch': 'Approve the launch transaction in your wallet',
  creating: 'Creating your token and campaign',
};

/** Processing lasts until the wallet has paid (the funding confirmed plus its 2 s, or the launch signed); creating follows. */
export function phaseOfStep(step: CreationStep, program: CurveProgram = 'custodial'): 'processing' | 'creating' {
  const steps = stepsOf(program);
  const firstCreating = program === 'dbc' ? 'creating' : 'uploading-photos';
  return steps.indexOf(step) >= steps.indexOf(firstCreating) ? 'creating' : 'processing';
}

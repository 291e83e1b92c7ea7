// The steps of spec 1 section 4 'Campaign creation flow' as the progress view names them,
// on a DBC pool (issue 36): there is no funding transfer, so the photos go up first (the
// launch transaction is built with the whole form), and the one transaction the wallet
// approves is the launch itself.

export type CreationStep = 'uploading-logo' | 'uploading-video' | 'uploading-photos' | 'preparing' | 'signing-launch' | 'creating';

export type CreationPhase = 'form' | 'processing' | 'creating' | 'complete';

export const CREATION_STEPS: readonly CreationStep[] = [
  'uploading-logo', 'uploading-video', 'uploading-photos', 'preparing', 'signing-launch', 'creating',
];

export const STEP_LABELS: Record<CreationStep, string> = {
  'uploading-logo': 'Uploading logo',
  'uploading-video': 'Uploading video',
  'uploading-photos': 'Uploading photos',
  preparing: 'Preparing token creation',
  'signing-launch': 'Approve the launch transaction in your wallet',
  creating: 'Creating your token and campaign',
};

/** Processing lasts until the wallet has signed the launch; creating follows. */
export function phaseOfStep(step: CreationStep): 'processing' | 'creating' {
  return step === 'creating' ? 'creating' : 'processing';
}

// The steps of spec 1 section 4 'Campaign creation flow' as the progress view names them.

export type CreationStep =
  | 'uploading-logo' | 'uploading-video' | 'preparing' | 'signing' | 'confirming' | 'uploading-photos' | 'creating';

export type CreationPhase = 'form' | 'processing' | 'creating' | 'complete';

export const CREATION_STEPS: readonly CreationStep[] = [
  'uploading-logo', 'uploading-video', 'preparing', 'signing', 'confirming', 'uploading-photos', 'creating',
];

export const STEP_LABELS: Record<CreationStep, string> = {
  'uploading-logo': 'Uploading logo',
  'uploading-video': 'Uploading video',
  preparing: 'Preparing token creation',
  signing: 'Approve the funding transaction in your wallet',
  confirming: 'Confirming the funding transaction',
  'uploading-photos': 'Uploading photos',
  creating: 'Creating your token and campaign',
};

/** Processing lasts until the funding transaction is confirmed (plus its 2 s); creating follows. */
export function phaseOfStep(step: CreationStep): 'processing' | 'creating' {
  return CREATION_STEPS.indexOf(step) >= CREATION_STEPS.indexOf('uploading-photos') ? 'creating' : 'processing';
}

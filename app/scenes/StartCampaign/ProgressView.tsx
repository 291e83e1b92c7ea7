import clsx from 'clsx';
import { CheckCircle2, Circle, Loader2 } from 'lucide-react';
import { Card } from '../../components/ui/Card';
import { CREATION_STEPS, STEP_LABELS, type CreationStep } from './creationSteps';

type Props = { phase: 'processing' | 'creating'; step: CreationStep; hasVideo: boolean; hasPhotos: boolean };

/** Which step the creation is on; the page must not be left while the wallet is being charged. */
export function ProgressView({ phase, step, hasVideo, hasPhotos }: Props) {
  const steps = CREATION_STEPS.filter((s) => s === step || ((s !== 'uploading-video' || hasVideo) && (s !== 'uploading-photos' || hasPhotos)));
  const current = steps.indexOf(step);
  return (
    <Card className="mx-auto max-w-xl" data-testid="creation-progress" data-phase={phase}>
      <h2 className="text-xl font-bold">{phase === 'processing' ? 'Processing...' : 'Creating your campaign...'}</h2>
      <p className="mt-1 text-sm text-muted" role="status" aria-live="polite">
        Step {current + 1} of {steps.length}: <span data-testid="creation-current-step">{STEP_LABELS[step]}</span>
      </p>
      <div className="mt-4 h-2 overflow-hidden rounded-full bg-surface-3" role="progressbar" aria-valuemin={0} aria-valuemax={steps.length} aria-valuenow={current}>
        <div className="h-full bg-brand-500 transition-all" style={{ width: `${Math.round((current / steps.length) * 100)}%` }} />
      </div>
      <ol className="mt-5 space-y-2">
        {steps.map((s, i) => (
          <li key={s} className={clsx('flex items-center gap-2 text-sm', i > current && 'text-muted')} data-state={i < current ? 'done' : i === current ? 'current' : 'pending'}>
            {i < current ? <CheckCircle2 className="h-4 w-4 text-brand-500" aria-hidden />
              : i === current ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden />
                : <Circle className="h-4 w-4" aria-hidden />}
            {STEP_LABELS[s]}
          </li>
        ))}
      </ol>
      <p className="mt-5 text-xs text-muted">Keep this page open until your campaign is created.</p>
    </Card>
  );
}

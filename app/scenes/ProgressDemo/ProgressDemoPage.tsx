import { useState } from 'react';
import * as Slider from '@radix-ui/react-slider';
import { ProgressRing } from '../../components/ProgressRing';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';

const PRESETS = [0, 25, 50, 75, 100];

const VARIANTS = [
  { title: 'Circular with percentage', shape: 'circle', showPercentage: true },
  { title: 'Circular without percentage', shape: 'circle', showPercentage: false },
  { title: 'Square with percentage', shape: 'square', showPercentage: true },
  { title: 'Square without percentage', shape: 'square', showPercentage: false },
] as const;

export function ProgressDemoPage() {
  const [progress, setProgress] = useState(50);
  return (
    <div className="mx-auto max-w-5xl px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-extrabold">Progress Ring Demo</h1>
      <p className="mt-2 text-muted">The bonding-curve progress indicator. At 100% or more it shows the goal-reached star.</p>
      <Card className="mt-8">
        <div className="flex items-center justify-between">
          <label id="progress-label" className="font-semibold">Progress</label>
          <output className="font-mono text-lg font-bold text-brand-600 dark:text-brand-400" data-testid="progress-value">{progress}%</output>
        </div>
        <Slider.Root
          className="relative mt-4 flex h-6 w-full touch-none items-center select-none"
          min={0} max={100} step={1} value={[progress]} onValueChange={([v]) => setProgress(v)}
          aria-labelledby="progress-label"
        >
          <Slider.Track className="relative h-2 grow rounded-full bg-surface-3">
            <Slider.Range className="absolute h-full rounded-full bg-brand-500" />
          </Slider.Track>
          <Slider.Thumb className="block h-5 w-5 rounded-full border-2 border-brand-400 bg-surface focus-visible:outline-2 focus-visible:outline-brand-400" aria-label="Progress" />
        </Slider.Root>
        <div className="mt-4 flex flex-wrap gap-2">
          {PRESETS.map((p) => (
            <Button key={p} size="sm" variant={p === progress ? 'primary' : 'secondary'} onClick={() => setProgress(p)}>{p}%</Button>
          ))}
        </div>
      </Card>
      <div className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {VARIANTS.map((v) => (
          <Card key={v.title} className="flex flex-col items-center gap-4 text-center">
            <h2 className="text-sm font-semibold">{v.title}</h2>
            <ProgressRing progress={progress} shape={v.shape} showPercentage={v.showPercentage} />
          </Card>
        ))}
      </div>
    </div>
  );
}

import clsx from 'clsx';
import { CheckCircle2, CircleDashed, Loader } from 'lucide-react';
import type { RoadmapPhase } from '../../api/officialToken';

const STATUS = {
  completed: { label: 'Completed', icon: CheckCircle2, tone: 'border-brand-500/50 bg-brand-500/10', badge: 'bg-brand-500/20 text-brand-600 dark:text-brand-400' },
  'in-progress': { label: 'In progress', icon: Loader, tone: 'border-gold-400/60 bg-gold-400/10', badge: 'bg-gold-400/25 text-amber-800 dark:text-gold-400' },
  upcoming: { label: 'Upcoming', icon: CircleDashed, tone: 'border-line bg-surface-3/40', badge: 'bg-surface-3 text-muted' },
} as const;

/** The four phases: completed, in progress and upcoming each in its own colour. */
export function RoadmapCard({ roadmap }: { roadmap: RoadmapPhase[] }) {
  return (
    <section className="rounded-2xl border border-line bg-surface-2 p-4 sm:p-6" data-testid="official-roadmap">
      <h2 className="text-xl font-bold">Roadmap</h2>
      <ol className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-2">
        {roadmap.map((phase) => {
          const status = STATUS[phase.status] ?? STATUS.upcoming;
          const Icon = status.icon;
          return (
            <li key={phase.phase} className={clsx('rounded-xl border p-4', status.tone)} data-testid="official-roadmap-phase" data-status={phase.status}>
              <div className="flex items-center justify-between gap-2">
                <span className="text-xs font-semibold uppercase tracking-wide text-muted">{phase.phase}</span>
                <span className={clsx('inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold', status.badge)}>
                  <Icon className="h-3 w-3" aria-hidden /> {status.label}
                </span>
              </div>
              <h3 className="mt-1 text-lg font-bold">{phase.title}</h3>
              <ul className="mt-2 list-disc pl-5 text-sm text-muted">
                {phase.items.map((item) => <li key={item}>{item}</li>)}
              </ul>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

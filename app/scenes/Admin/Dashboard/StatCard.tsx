import type { ReactNode } from 'react';
import clsx from 'clsx';

type Props = { label: string; value: ReactNode; hint?: ReactNode; testId?: string; tone?: 'default' | 'brand' | 'gold' | 'red' };

const tones = { default: 'text-fg', brand: 'text-brand-600 dark:text-brand-400', gold: 'text-gold-500', red: 'text-red-500' };

export function StatCard({ label, value, hint, testId, tone = 'default' }: Props) {
  return (
    <div className="min-w-0 rounded-xl border border-line bg-surface-2 p-4">
      <p className="text-sm text-muted">{label}</p>
      <p className={clsx('mt-1 truncate text-2xl font-bold tabular-nums', tones[tone])} data-testid={testId}>{value}</p>
      {hint && <p className="mt-1 text-xs text-muted">{hint}</p>}
    </div>
  );
}

/** The error state of a tab's query, with a retry. */
export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div role="alert" className="rounded-xl border border-red-500/40 bg-red-500/10 p-4 text-sm">
      <p>{message}</p>
      <button type="button" onClick={onRetry} className="mt-2 font-semibold text-brand-600 underline dark:text-brand-400">Try again</button>
    </div>
  );
}

import { useEffect, useState } from 'react';
import { MAINTENANCE_RELOAD_MS } from '../../../core/constants';
import { splitDuration, useNow } from '../../lib/useNow';

function Unit({ value, label }: { value: number; label: string }) {
  return (
    <div className="min-w-16 rounded-xl border border-line bg-surface px-3 py-2">
      <span className="block font-mono text-2xl font-bold tabular-nums sm:text-3xl">{String(value).padStart(2, '0')}</span>
      <span className="text-xs text-muted">{label}</span>
    </div>
  );
}

/** Counts down to the end of maintenance, then reloads the page 5 s after it ends. */
export function MaintenanceCountdown({ endTime }: { endTime: number }) {
  const now = useNow(1000);
  const remaining = endTime - now;
  const ended = remaining <= 0;
  const [reloadScheduled, setReloadScheduled] = useState(false);

  useEffect(() => {
    if (!ended || reloadScheduled) return;
    setReloadScheduled(true);
    setTimeout(() => window.location.reload(), MAINTENANCE_RELOAD_MS);
  }, [ended, reloadScheduled]);

  if (ended) {
    return <p className="mt-6 text-lg font-semibold text-brand-600 dark:text-brand-400" role="status">Maintenance ending soon...</p>;
  }
  const { hours, minutes, seconds } = splitDuration(remaining);
  return (
    <div className="mt-6" data-testid="maintenance-countdown">
      <p className="text-sm font-medium text-muted">Estimated time remaining</p>
      <div className="mt-2 flex justify-center gap-2 text-center" aria-live="off">
        <Unit value={hours} label="hours" />
        <Unit value={minutes} label="minutes" />
        <Unit value={seconds} label="seconds" />
      </div>
    </div>
  );
}

import { useState } from 'react';
import { CheckCircle2, Wrench } from 'lucide-react';
import { DEFAULT_MAINTENANCE_MESSAGE } from '../../../core/constants';
import type { SiteSettings } from '../../api/settings';
import { MaintenanceCountdown } from './MaintenanceCountdown';

const EXPECTATIONS = [
  'Improved performance and faster loading times',
  'Enhanced security measures',
  'New features and bug fixes',
  'Better user experience',
];

/** Replaces every public page while maintenance mode is on. */
export function MaintenancePage({ settings }: { settings: SiteSettings }) {
  const { schedule } = settings;
  const end = schedule?.enabled && schedule.endTime ? Date.parse(schedule.endTime) : NaN;
  // Only count down to an end still ahead when the page opened: an end already past would reload forever.
  const [countdownEnd] = useState(() => (Number.isFinite(end) && end > Date.now() ? end : null));

  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-br from-surface via-surface-2 to-brand-600/20 px-4 py-12">
      <div className="w-full max-w-xl rounded-3xl border border-line bg-surface-2/80 p-6 text-center shadow-2xl sm:p-10">
        <div className="mx-auto flex h-16 w-16 items-center justify-center rounded-full bg-brand-500/15 text-brand-600 dark:text-brand-400">
          <Wrench className="h-8 w-8" aria-hidden />
        </div>
        <h1 className="mt-6 text-3xl font-extrabold sm:text-4xl">Under Maintenance</h1>
        <p className="mt-2 text-lg text-brand-600 dark:text-brand-400">We're making the product better for you!</p>
        <p className="mt-4 text-muted" data-testid="maintenance-message">{settings.maintenance_message || DEFAULT_MAINTENANCE_MESSAGE}</p>
        {countdownEnd !== null && <MaintenanceCountdown endTime={countdownEnd} />}
        <div className="mt-8 rounded-2xl border border-line bg-surface p-5 text-left">
          <h2 className="font-semibold">What to expect</h2>
          <ul className="mt-3 space-y-2">
            {EXPECTATIONS.map((item) => (
              <li key={item} className="flex items-center gap-2 text-sm text-muted">
                <CheckCircle2 className="h-4 w-4 shrink-0 text-brand-600 dark:text-brand-400" aria-hidden /> {item}
              </li>
            ))}
          </ul>
        </div>
      </div>
    </main>
  );
}

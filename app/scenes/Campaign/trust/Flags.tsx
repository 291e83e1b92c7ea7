import clsx from 'clsx';
import { CircleCheck, TriangleAlert } from 'lucide-react';
import type { TrustFlag, TrustSeverity } from '../../../api/trust';

const SEVERITY: Record<TrustSeverity, { label: string; className: string }> = {
  high: { label: 'High', className: 'border-red-500/40 bg-red-500/10 text-red-300' },
  medium: { label: 'Medium', className: 'border-amber-500/40 bg-amber-500/10 text-amber-300' },
  low: { label: 'Low', className: 'border-line bg-surface-3 text-muted' },
};
const ORDER: TrustSeverity[] = ['high', 'medium', 'low'];

/** The warning signs, the most serious first; a plain all-clear when there are none. */
export function Flags({ flags }: { flags: TrustFlag[] }) {
  if (flags.length === 0) {
    return (
      <p className="flex items-start gap-2 rounded-xl border border-emerald-500/30 bg-emerald-500/10 p-3 text-sm text-emerald-300" data-testid="trust-no-flags">
        <CircleCheck className="mt-0.5 size-4 shrink-0" aria-hidden />
        No warning signs in this token's trades, holders or cause.
      </p>
    );
  }
  const sorted = [...flags].sort((a, b) => ORDER.indexOf(a.severity) - ORDER.indexOf(b.severity));
  return (
    <ul className="flex flex-col gap-2" aria-label="Warning signs">
      {sorted.map((flag) => (
        <li key={flag.id} className={clsx('flex items-start gap-2 rounded-xl border p-3 text-sm', SEVERITY[flag.severity].className)} data-flag={flag.id}>
          <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span><strong className="font-semibold">{SEVERITY[flag.severity].label}:</strong> {flag.sentence}</span>
        </li>
      ))}
    </ul>
  );
}

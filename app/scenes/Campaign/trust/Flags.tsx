import clsx from 'clsx';
import { CircleCheck, Info, TriangleAlert } from 'lucide-react';
import type { TrustFlag, TrustSeverity, TrustVerdict } from '../../../api/trust';

const SEVERITY: Record<TrustSeverity, { label: string; className: string }> = {
  high: { label: 'High', className: 'border-red-500/40 bg-red-500/10 text-red-300' },
  medium: { label: 'Medium', className: 'border-amber-500/40 bg-amber-500/10 text-amber-300' },
  low: { label: 'Low', className: 'border-line bg-surface-3 text-muted' },
};
const ORDER: TrustSeverity[] = ['high', 'medium', 'low'];

/** A plain statement that is neither a warning nor an all-clear (too early to judge, holders not read). */
function Note({ text, testId, kind }: { text: string; testId: string; kind: TrustVerdict['kind'] }) {
  return (
    <p className="flex items-start gap-2 rounded-xl border border-line bg-surface-3 p-3 text-sm text-muted" data-testid={testId} data-kind={kind}>
      <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
      {text}
    </p>
  );
}

/**
 * The warning signs, the most serious first (a remembered dump says since when); without any,
 * the server's verdict: an all-clear only when every section was judged and found nothing, never
 * while a token is too young to judge its holders (issue 34).
 */
export function Flags({ flags, verdict }: { flags: TrustFlag[]; verdict: TrustVerdict }) {
  if (flags.length === 0) {
    if (verdict.kind !== 'all_clear') return <Note text={verdict.sentence ?? ''} testId="trust-verdict" kind={verdict.kind} />;
    return (
      <p className="flex items-start gap-2 rounded-xl border border-emerald-500/30 bg-emerald-500/10 p-3 text-sm text-emerald-300" data-testid="trust-no-flags">
        <CircleCheck className="mt-0.5 size-4 shrink-0" aria-hidden />
        {verdict.sentence}
      </p>
    );
  }
  const sorted = [...flags].sort((a, b) => ORDER.indexOf(a.severity) - ORDER.indexOf(b.severity));
  return (
    <div className="flex flex-col gap-2">
      <ul className="flex flex-col gap-2" aria-label="Warning signs">
        {sorted.map((flag) => (
          <li key={flag.id} className={clsx('flex items-start gap-2 rounded-xl border p-3 text-sm', SEVERITY[flag.severity].className)} data-flag={flag.id} data-since={flag.since}>
            <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
            <span><strong className="font-semibold">{SEVERITY[flag.severity].label}:</strong> {flag.sentence}</span>
          </li>
        ))}
      </ul>
      {verdict.concentration && <Note text={verdict.concentration} testId="trust-concentration" kind="too_early" />}
    </div>
  );
}

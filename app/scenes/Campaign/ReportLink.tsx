import { Flag } from 'lucide-react';
import { Link } from 'react-router';

/** Spec 2 section 2.4: any visitor may report a campaign; the form opens with this one chosen. */
export function ReportLink({ mint }: { mint: string }) {
  return (
    <p className="text-center text-sm text-muted">
      Something wrong with this campaign?{' '}
      <Link to={`/report?campaign=${encodeURIComponent(mint)}`} className="inline-flex items-center gap-1 font-semibold text-red-600 dark:text-red-400 hover:underline" data-testid="report-campaign-link">
        <Flag className="h-3.5 w-3.5" aria-hidden /> Report
      </Link>
    </p>
  );
}

import { Calendar, Eye, Flag, Mail } from 'lucide-react';
import clsx from 'clsx';
import { REPORT_STATUS_LABELS } from '../../../../core/schemas/report';
import type { Report } from '../../../api/reports';
import { Button } from '../../../components/ui/Button';
import { STATUS_BADGE, badgeClass, formatDate, typeBadge } from './reportStyle';

/** One report in a tab: ticker, status, type, date, reporter email, two lines of the description. */
export function ReportCard({ report, onView }: { report: Report; onView: () => void }) {
  return (
    <article className="flex flex-col gap-3 rounded-2xl border border-line bg-surface-2 p-4 sm:flex-row sm:items-start sm:p-5" data-testid="report-card">
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-bold">${report.campaign_ticker}</span>
          <span className={clsx(badgeClass, STATUS_BADGE[report.status])} data-testid="report-status">{REPORT_STATUS_LABELS[report.status]}</span>
          <span className={clsx(badgeClass, typeBadge(report.report_type))}>{report.report_type}</span>
          {report.campaign?.flagged && <span className={clsx(badgeClass, 'gap-1 bg-red-500/15 text-red-600 dark:text-red-300')}><Flag className="h-3 w-3" aria-hidden /> Campaign flagged</span>}
        </div>
        <div className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted">
          <span className="inline-flex items-center gap-1"><Calendar className="h-3.5 w-3.5" aria-hidden /> {formatDate(report.submitted_at)}</span>
          {report.contact_email && <span className="inline-flex min-w-0 items-center gap-1 break-all"><Mail className="h-3.5 w-3.5 shrink-0" aria-hidden /> {report.contact_email}</span>}
        </div>
        <p className="mt-2 line-clamp-2 text-sm break-words">{report.description}</p>
      </div>
      <Button variant="secondary" size="sm" onClick={onView} className="self-start">
        <Eye className="h-4 w-4" aria-hidden /> View Details
      </Button>
    </article>
  );
}

import { formatDateTime, shortAddress } from '../../../../core/format';
import { COMMENT_REPORT_REASON_LABELS, COMMENT_REPORTS_TO_COLLAPSE, type CommentReportReason } from '../../../../core/schemas/comment';
import type { AdminComment, AdminCommentReport, CommentReportBasis } from '../../../api/adminComments';

/** Why a report weighs what it does, in the admin's words. */
const BASIS_LABELS: Record<CommentReportBasis, string> = {
  holder: 'holds the token',
  donor: 'donated to this campaign',
  aged: 'wallet on chain for over a day',
  fresh: 'new wallet',
  creator: 'the campaign\'s creator',
  network: 'signed out',
  legacy: 'taken before reports were weighed',
};

const reporterOf = (r: AdminCommentReport) => (r.reporter.wallet ? shortAddress(r.reporter.wallet) : `network ${r.reporter.network}`);

/** A comment's reports with what each weighs and why; the creator's own marked apart. */
export function ReportList({ comment, reports }: { comment: AdminComment; reports: AdminCommentReport[] }) {
  return (
    <section className="rounded-xl border border-line p-3 text-sm" data-testid="report-list">
      <h3 className="font-semibold">Reports of this comment</h3>
      <p className="text-xs text-muted" data-testid="report-weight">
        Open reports weigh {comment.report_weight} of the {COMMENT_REPORTS_TO_COLLAPSE} that collapse it
        {comment.collapsed ? ' (collapsed: visitors see it behind "Click to show" until you decide)' : ''}.
        Only wallets that hold the token, donated or have been on chain for over a day weigh 1.
      </p>
      {reports.length === 0 ? <p className="text-muted">None.</p> : (
        <ul className="mt-2 divide-y divide-line">
          {reports.map((r, i) => (
            <li key={i} className="flex flex-col gap-1 py-2" data-testid="comment-report" data-basis={r.basis}>
              <p className="flex flex-wrap items-baseline gap-x-2">
                <span className="font-medium">{COMMENT_REPORT_REASON_LABELS[r.reason as CommentReportReason] ?? r.reason}</span>
                <span className="font-mono text-xs text-muted" title={r.reporter.wallet ?? r.reporter.network}>{reporterOf(r)}</span>
                <span className="text-xs text-muted">{formatDateTime(r.created_at)} · {r.open ? 'open' : 'reviewed'}</span>
              </p>
              <p className="flex flex-wrap items-center gap-1">
                {r.by_creator && <span className="rounded-full bg-red-500/15 px-2 py-0.5 text-[11px] font-semibold text-red-600 dark:text-red-300">Creator's report</span>}
                <span className={`rounded-full px-2 py-0.5 text-[11px] font-semibold ${r.weight > 0 ? 'bg-amber-500/15 text-amber-700 dark:text-amber-300' : 'bg-surface-3 text-muted'}`}>
                  weight {r.weight}: {BASIS_LABELS[r.basis]}
                </span>
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

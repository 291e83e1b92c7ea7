import type { AdminComment } from '../../../api/adminComments';

const badge = 'rounded-full px-2 py-0.5 text-[11px] font-semibold';

/** Why a comment is (not) shown, as the admin sees it. */
export function ModerationBadges({ comment }: { comment: AdminComment }) {
  return (
    <>
      {comment.hidden_by && <span data-testid="state-hidden" className={`${badge} bg-red-500/15 text-red-600 dark:text-red-300`}>Hidden by {comment.hidden_by}</span>}
      {comment.collapsed && <span data-testid="state-collapsed" className={`${badge} bg-amber-500/15 text-amber-700 dark:text-amber-300`}>Collapsed until you decide</span>}
      {comment.open_reports > 0 && (
        <span className={`${badge} bg-amber-500/10 text-amber-700 dark:text-amber-300`} data-testid="state-reports">
          {comment.open_reports} open report{comment.open_reports === 1 ? '' : 's'}, weight {comment.report_weight}
        </span>
      )}
      {comment.creator_reports > 0 && <span data-testid="state-creator-reports" className={`${badge} bg-red-500/10 text-red-600 dark:text-red-300`}>{comment.creator_reports} by the creator</span>}
      {comment.pinned && <span data-testid="state-pinned" className={`${badge} bg-brand-500/15 text-brand-600 dark:text-brand-300`}>Pinned by the creator</span>}
      {comment.parent_id !== null && <span className={`${badge} bg-surface-3 text-muted`}>Reply</span>}
    </>
  );
}

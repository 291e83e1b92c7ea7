import { Check, Eye, EyeOff, RotateCcw, Trash2 } from 'lucide-react';
import type { AdminComment } from '../../../api/adminComments';
import { CommentAuthor, CommentBody } from '../../../components/comments/CommentAuthor';
import { Button } from '../../../components/ui/Button';
import { ModerationBadges } from './moderationBadges';
import { useCommentModeration } from './useCommentModeration';

/** One comment in the admin list: campaign, author, text, state, and the actions. */
export function AdminCommentCard({ comment, onView, highlight = false }: { comment: AdminComment; onView?: () => void; highlight?: boolean }) {
  const actions = useCommentModeration();
  const shown = !comment.hidden_by;
  const confirmDelete = () => {
    if (window.confirm('Delete this comment and its replies for good?')) void actions.remove(comment.id);
  };
  return (
    <article className={`rounded-2xl border bg-surface-2 p-4 ${highlight ? 'border-brand-500' : 'border-line'} ${shown ? '' : 'opacity-90'}`} data-testid="admin-comment" data-comment-id={comment.id}>
      <div className="mb-2 flex flex-wrap items-center gap-2 text-sm">
        <span className="font-bold">${comment.campaign.ticker}</span>
        <span className="truncate text-muted">{comment.campaign.name}</span>
        <ModerationBadges comment={comment} />
      </div>
      <CommentAuthor author={comment.author} at={comment.created_at} />
      <CommentBody body={comment.body} />
      <div className="mt-3 flex flex-wrap gap-2">
        {onView && <Button variant="secondary" size="sm" onClick={onView}><Eye className="h-4 w-4" aria-hidden /> View thread</Button>}
        {shown
          ? <Button variant="secondary" size="sm" disabled={actions.busy} onClick={() => void actions.hide(comment.id)}><EyeOff className="h-4 w-4" aria-hidden /> Hide</Button>
          : <Button variant="secondary" size="sm" disabled={actions.busy} onClick={() => void actions.restore(comment.id)}><RotateCcw className="h-4 w-4" aria-hidden /> Restore</Button>}
        {/* Keeping a reported comment is a decision too: its reports close and it is no longer collapsed. */}
        {shown && comment.open_reports > 0 && (
          <Button variant="secondary" size="sm" disabled={actions.busy} onClick={() => void actions.keep(comment.id)}><Check className="h-4 w-4" aria-hidden /> Keep</Button>
        )}
        <Button variant="danger" size="sm" disabled={actions.busy} onClick={confirmDelete}><Trash2 className="h-4 w-4" aria-hidden /> Delete</Button>
      </div>
    </article>
  );
}

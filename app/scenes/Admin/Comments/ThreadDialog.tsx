import { formatDateTime } from '../../../../core/format';
import { useState } from 'react';
import { COMMENT_MUTE_DURATIONS, COMMENT_MUTE_LABELS, type CommentMuteDuration } from '../../../../core/schemas/comment';
import { useAdminThread } from '../../../api/adminComments';
import { Button } from '../../../components/ui/Button';
import { Dialog } from '../../../components/ui/Dialog';
import { Spinner } from '../../../components/ui/Spinner';
import { AdminCommentCard } from './AdminCommentCard';
import { ReportList } from './ReportList';
import { useCommentModeration } from './useCommentModeration';

const DURATIONS = Object.keys(COMMENT_MUTE_DURATIONS) as CommentMuteDuration[];

/** A comment in context: its parent (for a reply), itself, the thread's replies, its reports, and its author's mute. */
export function ThreadDialog({ id, onClose }: { id: number | null; onClose: () => void }) {
  const thread = useAdminThread(id);
  const actions = useCommentModeration();
  const [duration, setDuration] = useState<CommentMuteDuration>('24h');
  const data = thread.data;
  const wallet = data?.comment.author.wallet;
  return (
    <Dialog open={id !== null} onOpenChange={(open) => { if (!open) onClose(); }} title="Comment in context" wide>
      {thread.isPending && <Spinner label="Loading thread..." />}
      {thread.isError && <p className="text-sm text-muted" role="alert">This comment is gone (deleted) or could not be loaded.</p>}
      {data && (
        <div className="mt-4 flex flex-col gap-3" data-testid="thread-dialog">
          {data.parent && <AdminCommentCard comment={data.parent} />}
          {!data.parent && <AdminCommentCard comment={data.comment} highlight />}
          {data.replies.length > 0 && (
            <div className="flex flex-col gap-3 border-l-2 border-line pl-3">
              {data.replies.map((r) => <AdminCommentCard key={r.id} comment={r} highlight={r.id === data.comment.id} />)}
            </div>
          )}
          <ReportList comment={data.comment} reports={data.reports} />
          <section className="flex flex-wrap items-center gap-2 rounded-xl border border-line p-3 text-sm">
            <h3 className="w-full font-semibold">Author</h3>
            {data.author_mute ? (
              <>
                <span data-testid="mute-state">Muted {data.author_mute.muted_until ? `until ${formatDateTime(data.author_mute.muted_until)}` : 'permanently'}</span>
                <Button size="sm" variant="secondary" disabled={actions.busy} onClick={() => void actions.unmute(wallet!)}>Unmute</Button>
              </>
            ) : (
              <>
                <label htmlFor="mute-duration" className="text-muted">Mute for</label>
                <select id="mute-duration" className="rounded-lg border border-line bg-surface px-2 py-1" value={duration} onChange={(e) => setDuration(e.target.value as CommentMuteDuration)}>
                  {DURATIONS.map((d) => <option key={d} value={d}>{COMMENT_MUTE_LABELS[d]}</option>)}
                </select>
                <Button size="sm" variant="secondary" disabled={actions.busy} onClick={() => void actions.mute(wallet!, duration)}>Mute wallet</Button>
              </>
            )}
          </section>
        </div>
      )}
    </Dialog>
  );
}

import { useState } from 'react';
import { Eye, EyeOff, Flag, MessageSquare, Pin, PinOff } from 'lucide-react';
import { toast } from 'sonner';
import type { CommentJson } from '../../../../core/schemas/comment';
import { refusalMessage } from '../../../api/client';
import { useCreatorCommentActions } from '../../../api/comments';
import { CommentAuthor, CommentBody } from '../../../components/comments/CommentAuthor';
import { Button } from '../../../components/ui/Button';
import { CommentForm } from './CommentForm';

type Props = { mint: string; comment: CommentJson; canPost: boolean; isCreator: boolean; onReport: (id: number) => void };

/** One comment with its actions, and (for a thread) its replies and a reply form. */
export function CommentItem({ mint, comment, canPost, isCreator, onReport }: Props) {
  const [replying, setReplying] = useState(false);
  const [revealed, setRevealed] = useState(false);
  const folded = comment.collapsed === true && !revealed;
  const { pin, hide } = useCreatorCommentActions(mint);
  const isThread = comment.parent_id === null;
  const run = (action: Promise<unknown>, done: string) => action.then(() => toast.success(done), (err: unknown) => toast.error(refusalMessage(err, 'Please try again later.')));
  return (
    <article className={`rounded-xl border bg-surface p-4 ${comment.pinned ? 'border-brand-500/60' : 'border-line'} ${comment.hidden ? 'opacity-70' : ''}`} data-testid={isThread ? 'comment' : 'reply'} data-comment-id={comment.id} id={`comment-${comment.id}`}>
      {comment.hidden && <p className="mb-2 flex items-center gap-1 text-xs font-semibold text-red-600 dark:text-red-400" data-testid="comment-hidden"><EyeOff className="h-3 w-3" aria-hidden /> Hidden by you: only you see it</p>}
      {comment.pinned && <p className="mb-2 flex items-center gap-1 text-xs font-semibold text-brand-600 dark:text-brand-400"><Pin className="h-3 w-3" aria-hidden /> Pinned by the creator</p>}
      {folded ? <CollapsedNotice onShow={() => setRevealed(true)} /> : (
        <>
          {comment.collapsed && <p className="mb-2 flex items-center gap-1 text-xs font-semibold text-amber-700 dark:text-amber-300"><Flag className="h-3 w-3" aria-hidden /> Reported: waiting for a moderator</p>}
          <CommentAuthor author={comment.author} at={comment.created_at} />
          <CommentBody body={comment.body} />
        </>
      )}
      {!folded && <div className="mt-2 flex flex-wrap gap-1">
        {isThread && canPost && !replying && !comment.hidden && <Button variant="ghost" size="sm" onClick={() => setReplying(true)}><MessageSquare className="h-4 w-4" aria-hidden /> Reply</Button>}
        <Button variant="ghost" size="sm" onClick={() => onReport(comment.id)}><Flag className="h-4 w-4" aria-hidden /> Report</Button>
        {isCreator && isThread && (
          <Button variant="ghost" size="sm" disabled={pin.isPending} onClick={() => void run(pin.mutateAsync({ id: comment.id, pinned: !comment.pinned }), comment.pinned ? 'Comment unpinned' : 'Comment pinned')}>
            {comment.pinned ? <><PinOff className="h-4 w-4" aria-hidden /> Unpin</> : <><Pin className="h-4 w-4" aria-hidden /> Pin</>}
          </Button>
        )}
        {isCreator && (comment.hidden
          ? (
            <Button variant="ghost" size="sm" disabled={hide.isPending} onClick={() => void run(hide.mutateAsync({ id: comment.id, hidden: false }), 'Comment shown again')}>
              <Eye className="h-4 w-4" aria-hidden /> Unhide
            </Button>
          ) : (
            <Button variant="ghost" size="sm" disabled={hide.isPending} onClick={() => void run(hide.mutateAsync({ id: comment.id, hidden: true }), 'Comment hidden')}>
              <EyeOff className="h-4 w-4" aria-hidden /> Hide
            </Button>
          ))}
      </div>}
      {(comment.replies?.length ?? 0) > 0 && (
        <div className="mt-3 flex flex-col gap-3 border-l-2 border-line pl-3 sm:pl-4">
          {comment.replies!.map((r) => <CommentItem key={r.id} mint={mint} comment={r} canPost={canPost} isCreator={isCreator} onReport={onReport} />)}
        </div>
      )}
      {replying && <div className="mt-3 border-l-2 border-line pl-3 sm:pl-4"><CommentForm mint={mint} parentId={comment.id} autoFocus onDone={() => setReplying(false)} /></div>}
    </article>
  );
}

/** A collapsed comment: reported by wallets with a stake, readable on a click until a moderator decides. */
function CollapsedNotice({ onShow }: { onShow: () => void }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-muted" data-testid="comment-collapsed">
      <span className="flex items-center gap-2"><Flag className="h-4 w-4 text-amber-600 dark:text-amber-400" aria-hidden /> Reported: a moderator will review this comment.</span>
      <Button variant="ghost" size="sm" onClick={onShow}><Eye className="h-4 w-4" aria-hidden /> Click to show</Button>
    </div>
  );
}

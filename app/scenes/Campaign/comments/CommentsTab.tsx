import { useState } from 'react';
import { errorMessage } from '../../../api/client';
import { useComments } from '../../../api/comments';
import { useAuth } from '../../../auth/useAuth';
import { useWalletDialog } from '../../../solana/walletDialog';
import { Button } from '../../../components/ui/Button';
import { Spinner } from '../../../components/ui/Spinner';
import { CommentForm } from './CommentForm';
import { CommentItem } from './CommentItem';
import { ReportCommentDialog } from './ReportCommentDialog';

/**
 * Issue 24: a campaign's comments, newest first with 'Load more' (keyset pages); new ones
 * arrive live (the comment_posted event refetches the pages). Signed-in wallets post and
 * reply; anyone reports; the creator pins and hides.
 */
export function CommentsTab({ mint }: { mint: string }) {
  const comments = useComments(mint);
  const auth = useAuth();
  const walletDialog = useWalletDialog();
  const [reporting, setReporting] = useState<number | null>(null);
  const pages = comments.data?.pages ?? [];
  const pinned = pages[0]?.pinned ?? null;
  const isCreator = pages[0]?.viewer_is_creator ?? false;
  const list = pages.flatMap((p) => p.comments);
  const canPost = auth.isAuthenticated;
  const item = { mint, canPost, isCreator, onReport: setReporting };

  return (
    <div className="flex flex-col gap-4 rounded-2xl border border-line bg-surface-2 p-4 sm:p-5" data-testid="comments-tab">
      <h2 className="text-lg font-bold">Comments</h2>
      {canPost ? <CommentForm mint={mint} /> : (
        <div className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-dashed border-line p-4 text-sm text-muted">
          <span>{auth.status === 'not-connected' ? 'Connect a wallet to join the conversation.' : 'Sign in with your wallet to comment.'}</span>
          {auth.status === 'not-connected'
            ? <Button size="sm" onClick={() => walletDialog.setOpen(true)}>Connect wallet</Button>
            : <Button size="sm" disabled={auth.status === 'authenticating'} onClick={() => void auth.signIn()}>Sign in</Button>}
        </div>
      )}
      {comments.isPending && <Spinner label="Loading comments..." />}
      {comments.isError && <p className="text-sm text-muted" role="alert">{errorMessage(comments.error, 'Failed to load comments')}</p>}
      {pinned && <CommentItem comment={pinned} {...item} />}
      {comments.isSuccess && !pinned && list.length === 0 && <p className="py-6 text-center text-sm text-muted">No comments yet. Be the first to say something.</p>}
      {list.map((c) => <CommentItem key={c.id} comment={c} {...item} />)}
      {comments.hasNextPage && (
        <Button variant="secondary" className="self-center" disabled={comments.isFetchingNextPage} onClick={() => void comments.fetchNextPage()}>
          {comments.isFetchingNextPage ? 'Loading...' : 'Load more'}
        </Button>
      )}
      <ReportCommentDialog commentId={reporting} onClose={() => setReporting(null)} />
    </div>
  );
}

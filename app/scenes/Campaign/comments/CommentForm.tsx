import { useState } from 'react';
import { toast } from 'sonner';
import { COMMENT_MAX } from '../../../../core/schemas/comment';
import { refusalMessage } from '../../../api/client';
import { usePostComment } from '../../../api/comments';
import { Button } from '../../../components/ui/Button';
import { Textarea } from '../../../components/ui/Field';

/** Writes a comment, or a reply when `parentId` is set. The server's refusal (limits, mute, duplicate) is shown as it says it. */
export function CommentForm({ mint, parentId, onDone, autoFocus = false }: { mint: string; parentId?: number; onDone?: () => void; autoFocus?: boolean }) {
  const post = usePostComment(mint);
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  const trimmed = body.trim();
  const submit = async () => {
    setError(null);
    try {
      await post.mutateAsync({ body: trimmed, ...(parentId ? { parent_id: parentId } : {}) });
      setBody('');
      toast.success(parentId ? 'Reply posted' : 'Comment posted');
      onDone?.();
    } catch (err) {
      setError(refusalMessage(err, 'Failed to post. Please try again.'));
    }
  };
  const label = parentId ? 'Write a reply' : 'Write a comment';
  return (
    <form className="flex flex-col gap-2" onSubmit={(e) => { e.preventDefault(); void submit(); }}>
      <Textarea aria-label={label} placeholder={parentId ? 'Reply...' : 'Say something about this campaign...'} value={body}
        maxLength={COMMENT_MAX} rows={parentId ? 2 : 3} autoFocus={autoFocus} onChange={(e) => setBody(e.target.value)} />
      {error && <p className="text-sm text-red-600 dark:text-red-400" role="alert">{error}</p>}
      <div className="flex items-center justify-between gap-2">
        <span className="text-xs text-muted">{body.length.toLocaleString('en-US')} / {COMMENT_MAX.toLocaleString('en-US')}</span>
        <div className="flex gap-2">
          {onDone && <Button variant="ghost" size="sm" onClick={onDone}>Cancel</Button>}
          <Button type="submit" size="sm" disabled={!trimmed || post.isPending}>{post.isPending ? 'Posting...' : parentId ? 'Reply' : 'Post comment'}</Button>
        </div>
      </div>
    </form>
  );
}

import { UPDATE_CONTENT_MAX, UPDATE_TITLE_MAX } from '../../../core/schemas/campaignContent';
import { useState } from 'react';
import { Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import { formatDateTime, shortAddress } from '../../../core/format';
import { useCampaignUpdates, useCreatorWrites } from '../../api/campaign';
import { errorMessage, refusalMessage } from '../../api/client';
import { Button } from '../../components/ui/Button';
import { Input, Label, Textarea } from '../../components/ui/Field';
import { Spinner } from '../../components/ui/Spinner';
import type { CreatorAccess } from './creatorAccess';
import { NotPlatformNote } from './NotPlatformNote';

/** The author's profile name, else (spec 1) the first 4 and last 4 characters of their wallet. */
const author = (wallet: string, name: string | null) => name ?? (wallet.length > 8 ? `${wallet.slice(0, 4)}...${wallet.slice(-4)}` : shortAddress(wallet));

/**
 * The creator's updates, newest first; the creator of a platform-created campaign can post
 * one. The manage page titles it 'Campaign Updates' (spec 1 'Manage page').
 */
export function UpdatesTab({ mint, access, title = 'Updates' }: { mint: string; access: CreatorAccess; title?: string }) {
  const isManager = access === 'manager';
  const updates = useCampaignUpdates(mint);
  const [writing, setWriting] = useState(false);
  const rows = updates.data?.updates;
  return (
    <div className="flex flex-col gap-4 rounded-2xl border border-line bg-surface-2 p-5" data-testid="updates-tab">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-bold">{title}</h2>
        {isManager && !writing && <Button variant="secondary" onClick={() => setWriting(true)}>Post Update</Button>}
      </div>
      {access === 'notPlatform' && <NotPlatformNote />}
      {writing && <UpdateForm mint={mint} onDone={() => setWriting(false)} />}
      {updates.isPending && <Spinner label="Loading updates..." />}
      {updates.isError && <p className="text-sm text-muted" role="alert">{errorMessage(updates.error, 'Failed to load updates')}</p>}
      {rows?.length === 0 && (
        <p className="text-sm text-muted">{isManager ? 'No updates yet. Post one to tell supporters how it is going.' : 'No updates yet.'}</p>
      )}
      {rows?.map((u) => (
        <article key={u.id} id={`update-${u.id}`} className="scroll-mt-24 rounded-xl border border-line bg-surface p-4" data-testid="update">
          <div className="flex items-start justify-between gap-2">
            <h3 className="font-bold">{u.title}</h3>
            {isManager && <RemoveUpdate mint={mint} id={u.id} />}
          </div>
          <p className="mt-1 text-xs text-muted"><span title={u.author_wallet}>{author(u.author_wallet, u.author_name)}</span> · <time dateTime={u.created_at}>{formatDateTime(u.created_at)}</time></p>
          <p className="mt-2 whitespace-pre-line break-words text-sm">{u.content}</p>
        </article>
      ))}
    </div>
  );
}

function UpdateForm({ mint, onDone }: { mint: string; onDone: () => void }) {
  const { postUpdate } = useCreatorWrites(mint);
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  const submit = async () => {
    // Spec 1: title and content must both be non-blank (the server checks it too).
    if (!title.trim() || !content.trim()) {
      toast.error('Missing fields', { description: 'Please enter both a title and content' });
      return;
    }
    try {
      await postUpdate.mutateAsync({ title: title.trim(), content: content.trim() });
      toast.success('Update posted');
      onDone();
    } catch (err) {
      // Spec 1 'Other toasts'; the server's own reason (a refused field) where it gave one.
      toast.error('Failed to post update', { description: refusalMessage(err, 'Please try again later.') });
    }
  };
  return (
    <form className="flex flex-col gap-3 rounded-xl border border-line bg-surface p-4" onSubmit={(e) => { e.preventDefault(); void submit(); }}>
      <div><Label htmlFor="update-title">Title</Label><Input id="update-title" value={title} maxLength={UPDATE_TITLE_MAX} onChange={(e) => setTitle(e.target.value)} /></div>
      <div><Label htmlFor="update-content">Content</Label><Textarea id="update-content" value={content} maxLength={UPDATE_CONTENT_MAX} onChange={(e) => setContent(e.target.value)} /></div>
      <div className="flex gap-2">
        <Button type="submit" disabled={postUpdate.isPending}>{postUpdate.isPending ? 'Posting...' : 'Post Update'}</Button>
        <Button variant="ghost" onClick={onDone}>Cancel</Button>
      </div>
    </form>
  );
}

function RemoveUpdate({ mint, id }: { mint: string; id: number }) {
  const { removeUpdate } = useCreatorWrites(mint);
  const remove = async () => {
    try {
      await removeUpdate.mutateAsync(id);
      toast.success('Update removed');
    } catch (err) {
      toast.error('Failed to remove update', { description: refusalMessage(err, 'Please try again later.') });
    }
  };
  return (
    <button type="button" aria-label="Remove update" onClick={() => void remove()} disabled={removeUpdate.isPending} className="rounded-md p-1 text-muted hover:text-red-400">
      <Trash2 className="h-4 w-4" aria-hidden />
    </button>
  );
}

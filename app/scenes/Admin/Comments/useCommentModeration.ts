import { toast } from 'sonner';
import type { CommentMuteDuration } from '../../../../core/schemas/comment';
import { COMMENT_MUTE_LABELS } from '../../../../core/schemas/comment';
import { refusalMessage } from '../../../api/client';
import { useAdminCommentActions } from '../../../api/adminComments';

/** The admin's comment actions with their toasts. */
export function useCommentModeration() {
  const { moderate, remove, mute, unmute } = useAdminCommentActions();
  const report = (done: string) => [() => toast.success(done), (err: unknown) => toast.error('Action failed', { description: refusalMessage(err, 'Please try again.') })] as const;
  return {
    busy: moderate.isPending || remove.isPending || mute.isPending || unmute.isPending,
    hide: (id: number) => moderate.mutateAsync({ id, action: 'hide' }).then(...report('Comment hidden')),
    restore: (id: number) => moderate.mutateAsync({ id, action: 'restore' }).then(...report('Comment restored')),
    keep: (id: number) => moderate.mutateAsync({ id, action: 'restore' }).then(...report('Comment kept: its reports are closed')),
    remove: (id: number) => remove.mutateAsync(id).then(...report('Comment deleted')),
    mute: (wallet: string, duration: CommentMuteDuration) => mute.mutateAsync({ wallet, duration }).then(...report(`Wallet muted: ${COMMENT_MUTE_LABELS[duration].toLowerCase()}`)),
    unmute: (wallet: string) => unmute.mutateAsync(wallet).then(...report('Wallet unmuted')),
  };
}

import { Bell, BellRing } from 'lucide-react';
import clsx from 'clsx';
import { toast } from 'sonner';
import { formatCompactNumber } from '../../../core/format';
import { refusalMessage } from '../../api/client';
import { useSetFollowing } from '../../api/follows';
import { useAuth } from '../../auth/useAuth';
import { Button } from '../ui/Button';

type Props = {
  tokenAddress: string;
  following: boolean;
  followers: number;
  /** The card's small pill; the campaign page's full button otherwise. */
  compact?: boolean;
  className?: string;
};

/**
 * Follow / Following with the follower count. Acting needs a signed-in wallet: a connected
 * one is asked to sign in first; without a wallet the button says so and stays disabled.
 */
export function FollowButton({ tokenAddress, following, followers, compact, className }: Props) {
  const auth = useAuth();
  const setFollowing = useSetFollowing(tokenAddress);
  const canAct = auth.status === 'authenticated' || auth.status === 'unauthenticated';
  const onClick = async () => {
    if (!auth.isAuthenticated && !await auth.signIn()) return;
    setFollowing.mutate(!following, {
      onSuccess: (state) => toast.success(state.following ? 'Following: you will be notified of this campaign\'s news' : 'Unfollowed'),
      onError: (err) => toast.error(refusalMessage(err, 'Could not change your follow. Please try again.')),
    });
  };
  // The count the last change answered, until the page's own data catches up.
  if (setFollowing.data) ({ followers } = setFollowing.data);
  const Icon = following ? BellRing : Bell;
  const label = following ? 'Following' : 'Follow';
  const count = formatCompactNumber(followers);
  return (
    <Button
      variant={following ? 'secondary' : 'primary'}
      size="sm"
      className={clsx(compact && 'h-7 rounded-full px-2.5 text-xs shadow', className)}
      onClick={(event) => { event.preventDefault(); event.stopPropagation(); void onClick(); }}
      disabled={!canAct || setFollowing.isPending || auth.status === 'authenticating'}
      aria-pressed={following}
      title={canAct ? undefined : 'Connect a wallet to follow this campaign'}
      data-testid="follow-button"
    >
      <Icon className={compact ? 'h-3.5 w-3.5' : 'h-4 w-4'} aria-hidden />
      {/* The visible words are the name (WCAG 2.5.3); 'followers' is there for screen readers. */}
      <span>{label}</span>{' '}
      <span className="rounded-full bg-black/10 px-1.5 text-xs tabular-nums dark:bg-white/10" data-testid="follower-count">{count}</span>
      <span className="sr-only">{followers === 1 ? ' follower' : ' followers'}</span>
    </Button>
  );
}

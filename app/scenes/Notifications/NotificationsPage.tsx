import { Bell, BellOff, CheckCheck, Circle, CircleDot, Flag, GraduationCap, HandCoins, KeyRound, MessageSquareReply, Newspaper, Target } from 'lucide-react';
import { Link } from 'react-router';
import clsx from 'clsx';
import { useMarkRead, useNotifications, type AppNotification, type NotificationKind } from '../../api/notifications';
import { useAuth } from '../../auth/useAuth';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { Spinner } from '../../components/ui/Spinner';

const ICONS: Record<NotificationKind, typeof Bell> = {
  update: Newspaper, payout: HandCoins, goal_reached: Target, graduated: GraduationCap, flagged: Flag, comment_reply: MessageSquareReply,
};

/** /notifications: the signed-in wallet's notifications, newest first, live (the bell's count moves with them). */
export function NotificationsPage() {
  const auth = useAuth();
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-10 sm:px-6" data-testid="notifications-page">
      <h1 className="flex items-center gap-2 text-3xl font-extrabold tracking-tight"><Bell className="h-7 w-7" aria-hidden /> Notifications</h1>
      {auth.isAuthenticated ? <NotificationList /> : (
        <Card className="flex flex-col items-start gap-3">
          <p className="text-muted">
            {auth.status === 'not-connected'
              ? 'Connect your wallet and sign in to see the news of the campaigns you follow.'
              : auth.status === 'authenticating' ? 'Waiting for your wallet signature...' : 'Sign in with your wallet to see your notifications.'}
          </p>
          {auth.status === 'unauthenticated' && <Button size="sm" variant="secondary" onClick={() => void auth.signIn()}><KeyRound className="h-4 w-4" aria-hidden /> Sign in</Button>}
        </Card>
      )}
    </div>
  );
}

function NotificationList() {
  const list = useNotifications();
  const mark = useMarkRead();
  if (list.isPending) return <Spinner label="Loading notifications..." />;
  if (list.isError) {
    return (
      <div role="alert" className="flex items-center gap-3 text-sm">
        Could not load your notifications.
        <Button size="sm" variant="secondary" onClick={() => void list.refetch()}>Retry</Button>
      </div>
    );
  }
  const items = list.data.pages.flatMap((page) => page.notifications);
  const unread = list.data.pages[0]?.unread ?? 0;
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted" data-testid="notifications-unread">{unread === 0 ? 'All caught up' : `${unread} unread`}</p>
        <Button size="sm" variant="secondary" disabled={unread === 0 || mark.isPending} onClick={() => mark.mutate('all')} data-testid="mark-all-read">
          <CheckCheck className="h-4 w-4" aria-hidden /> Mark all read
        </Button>
      </div>
      {items.length === 0 ? (
        <Card className="flex flex-col items-center gap-2 py-12 text-center">
          <BellOff className="h-8 w-8 text-muted" aria-hidden />
          <p className="font-semibold">No notifications yet</p>
          <p className="text-sm text-muted">Follow a campaign to hear when it posts an update, pays its cause, reaches its goal or graduates.</p>
          <Link to="/explore" className="mt-2 text-sm font-semibold text-brand-600 hover:underline dark:text-brand-400">Explore campaigns</Link>
        </Card>
      ) : (
        <ul className="flex flex-col gap-2" aria-label="Notifications">
          {items.map((item) => <NotificationRow key={item.id} item={item} onRead={(read) => mark.mutate({ id: item.id, read })} busy={mark.isPending} />)}
        </ul>
      )}
      {list.hasNextPage && (
        <Button variant="secondary" className="self-center" disabled={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>Load more</Button>
      )}
    </>
  );
}

function NotificationRow({ item, onRead, busy }: { item: AppNotification; onRead: (read: boolean) => void; busy: boolean }) {
  const Icon = ICONS[item.kind] ?? Bell;
  const when = new Date(item.created_at).toLocaleString('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
  return (
    <li
      className={clsx('flex items-start gap-3 rounded-xl border p-4', item.read ? 'border-line bg-surface-2' : 'border-brand-500/40 bg-brand-500/10')}
      data-testid="notification" data-read={item.read}
    >
      <Icon className={clsx('mt-0.5 h-5 w-5 shrink-0', item.kind === 'flagged' ? 'text-red-500' : 'text-brand-600 dark:text-brand-400')} aria-hidden />
      <div className="min-w-0 flex-1">
        <Link to={item.path} onClick={() => { if (!item.read) onRead(true); }} className={clsx('break-words hover:underline', !item.read && 'font-semibold')}>
          {item.title}
        </Link>
        <p className="mt-1 text-xs text-muted">${item.campaign.ticker} · <time dateTime={item.created_at}>{when}</time></p>
      </div>
      <Button
        variant="ghost" size="sm" disabled={busy} onClick={() => onRead(!item.read)}
        aria-label={item.read ? `Mark unread: ${item.title}` : `Mark read: ${item.title}`}
        title={item.read ? 'Mark unread' : 'Mark read'}
        data-testid="toggle-read"
      >
        {item.read ? <Circle className="h-4 w-4" aria-hidden /> : <CircleDot className="h-4 w-4 text-brand-600 dark:text-brand-400" aria-hidden />}
      </Button>
    </li>
  );
}

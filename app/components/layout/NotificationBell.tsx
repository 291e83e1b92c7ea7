import { Bell } from 'lucide-react';
import { Link } from 'react-router';
import clsx from 'clsx';
import { useUnreadCount } from '../../api/notifications';
import { useAuth } from '../../auth/useAuth';

/** The header's bell for a signed-in wallet: its unread count, a link to /notifications. */
export function NotificationBell({ className }: { className?: string }) {
  const { isAuthenticated } = useAuth();
  const unread = useUnreadCount();
  if (!isAuthenticated) return null;
  const count = unread.data ?? 0;
  return (
    <Link
      to="/notifications"
      aria-label={count > 0 ? `Notifications, ${count} unread` : 'Notifications'}
      className={clsx('relative rounded-full p-1.5 text-muted hover:bg-surface-2 hover:text-fg', className)}
      data-testid="notification-bell"
    >
      <Bell className="h-6 w-6" aria-hidden />
      {count > 0 && (
        <span
          className="absolute -right-0.5 -top-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-[11px] font-bold leading-none text-white tabular-nums"
          data-testid="notification-count"
        >{count > 99 ? '99+' : count}</span>
      )}
    </Link>
  );
}

import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useAuth } from '../auth/useAuth';
import { api } from './client';
import { fallbackPoll } from './liveStatus';

export type NotificationKind = 'update' | 'payout' | 'goal_reached' | 'graduated' | 'flagged' | 'comment_reply';
export type AppNotification = {
  id: number;
  kind: NotificationKind;
  title: string;
  /** A path on this site: the campaign, its update or comment. */
  path: string;
  campaign: { ticker: string; name: string; token_address: string | null };
  created_at: string;
  read: boolean;
};
type Page = { notifications: AppNotification[]; unread: number; next_cursor: number | null };

/** Invalidated by the 'notifications_changed' live event (which names nobody: each browser refetches its own). */
export const notificationsRootKey = ['notifications'] as const;
// Polling fallback for when the live stream is down.
const FALLBACK_POLL_MS = 60_000;

/** The bell's count for the signed-in wallet (0 when signed out, and no request). */
export function useUnreadCount() {
  const { wallet, isAuthenticated } = useAuth();
  return useQuery({
    queryKey: [...notificationsRootKey, 'unread', wallet],
    queryFn: async () => (await api.get<{ unread: number }>('/api/notifications/unread-count')).unread,
    enabled: isAuthenticated,
    refetchInterval: fallbackPoll(FALLBACK_POLL_MS),
  });
}

export function useNotifications() {
  const { wallet, isAuthenticated } = useAuth();
  return useInfiniteQuery({
    queryKey: [...notificationsRootKey, 'list', wallet],
    queryFn: ({ pageParam }) => api.get<Page>(`/api/notifications?limit=30${pageParam ? `&before=${pageParam}` : ''}`),
    initialPageParam: 0,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    enabled: isAuthenticated,
  });
}

type ReadChange = { id: number; read: boolean } | 'all';

/**
 * Read / unread one, or all read. The list and the bell change at once, together (two refetches
 * would land one after the other); then both refetch what the server holds, also after a failure.
 */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: ReadChange) => (change === 'all'
      ? api.post('/api/notifications/read-all')
      : api.post(`/api/notifications/${change.id}/read`, { read: change.read })),
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: notificationsRootKey });
      let delta = 0;
      queryClient.setQueriesData<InfiniteData<Page>>({ queryKey: [...notificationsRootKey, 'list'] }, (data) => {
        if (!data) return data;
        const pages = data.pages.map((page) => ({ ...page, notifications: page.notifications.map((n) => {
          const read = change === 'all' ? true : n.id === change.id ? change.read : n.read;
          if (read !== n.read) delta += read ? -1 : 1;
          return read === n.read ? n : { ...n, read };
        }) }));
        return { ...data, pages: pages.map((page) => ({ ...page, unread: change === 'all' ? 0 : Math.max(0, page.unread + delta) })) };
      });
      queryClient.setQueriesData<number>({ queryKey: [...notificationsRootKey, 'unread'] },
        (unread) => (unread === undefined ? unread : change === 'all' ? 0 : Math.max(0, unread + delta)));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsRootKey }),
  });
}

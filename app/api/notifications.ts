import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAuth } from '../auth/useAuth';
import { api } from './client';

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
    refetchInterval: FALLBACK_POLL_MS,
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

/** Read / unread one, or all read; the list and the bell refetch. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: { id: number; read: boolean } | 'all') => (change === 'all'
      ? api.post('/api/notifications/read-all')
      : api.post(`/api/notifications/${change.id}/read`, { read: change.read })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationsRootKey }),
  });
}

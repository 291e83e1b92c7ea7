import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminCommentFilter, CommentJson, CommentMuteDuration } from '../../core/schemas/comment';
import { api } from './client';

export type AdminComment = CommentJson & {
  campaign: { ticker: string | null; name: string | null; token_address: string | null };
  hidden_by: 'creator' | 'admin' | null;
  hidden_at: string | null;
  open_reports: number;
  /** What the open reports weigh together (only wallets that cost something weigh 1). */
  report_weight: number;
  /** Open reports by the campaign's own creator (they weigh nothing). */
  creator_reports: number;
  collapsed: boolean;
};
export type CommentReportBasis = 'holder' | 'donor' | 'aged' | 'fresh' | 'creator' | 'network' | 'legacy';
export type AdminCommentReport = {
  reason: string; created_at: string; open: boolean; weight: number; basis: CommentReportBasis; by_creator: boolean;
  reporter: { wallet: string; network: null } | { wallet: null; network: string };
};
export type AdminCommentList = { comments: AdminComment[]; next_cursor: number | null; counts: { reported: number; hidden: number } };
export type AdminThread = {
  comment: AdminComment;
  parent: AdminComment | null;
  replies: AdminComment[];
  reports: AdminCommentReport[];
  author_mute: { muted_until: string | null } | null;
};
export type CommentMute = { wallet: string; muted_until: string | null; muted_by: string; created_at: string };

/** Invalidated by the comment live events (comment_posted, comment_reported, comment_changed, comment_mutes_changed). */
export const adminCommentsKey = ['admin', 'comments'] as const;
export const adminCommentMutesKey = ['admin', 'comment-mutes'] as const;

export function useAdminComments(filter: AdminCommentFilter, q: string) {
  return useInfiniteQuery({
    queryKey: [...adminCommentsKey, 'list', filter, q],
    queryFn: ({ pageParam }) => {
      const params = new URLSearchParams({ filter });
      if (q) params.set('q', q);
      if (pageParam) params.set('cursor', String(pageParam));
      return api.get<AdminCommentList>(`/api/admin/comments?${params}`);
    },
    initialPageParam: 0,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    placeholderData: keepPreviousData,
  });
}

export function useAdminThread(id: number | null) {
  return useQuery({
    queryKey: [...adminCommentsKey, 'thread', id],
    queryFn: () => api.get<AdminThread>(`/api/admin/comments/${id}`),
    enabled: id !== null,
  });
}

export function useCommentMutes() {
  return useQuery({ queryKey: adminCommentMutesKey, queryFn: () => api.get<{ mutes: CommentMute[] }>('/api/admin/comment-mutes') });
}

export function useAdminCommentActions() {
  const queryClient = useQueryClient();
  const refresh = () => Promise.all([
    queryClient.invalidateQueries({ queryKey: adminCommentsKey }),
    queryClient.invalidateQueries({ queryKey: adminCommentMutesKey }),
  ]);
  return {
    moderate: useMutation({
      mutationFn: ({ id, action }: { id: number; action: 'hide' | 'restore' }) => api.post<AdminThread>(`/api/admin/comments/${id}/${action}`),
      onSuccess: refresh,
    }),
    remove: useMutation({ mutationFn: (id: number) => api.delete<void>(`/api/admin/comments/${id}`), onSuccess: refresh }),
    mute: useMutation({
      mutationFn: ({ wallet, duration }: { wallet: string; duration: CommentMuteDuration }) =>
        api.put<{ wallet: string; muted_until: string | null }>(`/api/admin/comment-mutes/${wallet}`, { duration }),
      onSuccess: refresh,
    }),
    unmute: useMutation({ mutationFn: (wallet: string) => api.delete<void>(`/api/admin/comment-mutes/${wallet}`), onSuccess: refresh }),
  };
}

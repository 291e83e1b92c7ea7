import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CommentJson, CommentPage, CommentReported, CommentReportReason } from '../../core/schemas/comment';
import { api } from './client';

/** Every campaign's comment pages; invalidated by the comment_posted and comment_changed live events. */
export const commentsRootKey = ['comments'] as const;
const commentsKey = (mint: string) => [...commentsRootKey, mint] as const;

/** A campaign's threads, newest first, 'Load more' walking the keyset cursor. */
export function useComments(mint: string) {
  return useInfiniteQuery({
    queryKey: commentsKey(mint),
    queryFn: ({ pageParam }) => api.get<CommentPage>(`/api/campaigns/${mint}/comments${pageParam ? `?cursor=${pageParam}` : ''}`),
    initialPageParam: 0,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}

export function usePostComment(mint: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { body: string; parent_id?: number }) => api.post<CommentJson>(`/api/campaigns/${mint}/comments`, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: commentsKey(mint) }),
  });
}

export function useReportComment() {
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: CommentReportReason }) => api.post<CommentReported>(`/api/comments/${id}/reports`, { reason }),
  });
}

/** The creator's pin and hide. */
export function useCreatorCommentActions(mint: string) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: commentsKey(mint) });
  return {
    pin: useMutation({
      mutationFn: ({ id, pinned }: { id: number; pinned: boolean }) => api.post<void>(`/api/campaigns/${mint}/comments/${id}/pin`, { pinned }),
      onSuccess: refresh,
    }),
    hide: useMutation({
      mutationFn: ({ id, hidden }: { id: number; hidden: boolean }) => api.post<void>(`/api/campaigns/${mint}/comments/${id}/hide`, { hidden }),
      onSuccess: refresh,
    }),
  };
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAuth } from '../auth/useAuth';
import { api } from './client';

export type FollowState = { following: boolean; followers: number };

export const followRootKey = ['follow'] as const;
const followKey = (tokenAddress: string, wallet: string | null) => ['follow', tokenAddress, wallet] as const;
const myFollowsKey = (wallet: string | null) => ['follow', 'mine', wallet] as const;

/** GET /api/campaigns/{mint}/follow: the count, and whether the signed-in wallet follows. */
export function useFollowState(tokenAddress: string) {
  const { wallet } = useAuth();
  return useQuery({
    queryKey: followKey(tokenAddress, wallet),
    queryFn: () => api.get<FollowState>(`/api/campaigns/${encodeURIComponent(tokenAddress)}/follow`),
  });
}

/** The campaigns the signed-in wallet follows (one request for a page of cards). */
export function useMyFollows() {
  const { wallet, isAuthenticated } = useAuth();
  return useQuery({
    queryKey: myFollowsKey(wallet),
    queryFn: async () => new Set((await api.get<{ token_addresses: string[] }>('/api/account/follows')).token_addresses),
    enabled: isAuthenticated,
  });
}

/** PUT (follow) or DELETE (unfollow) as the signed-in wallet. */
export function useSetFollowing(tokenAddress: string) {
  const queryClient = useQueryClient();
  const { wallet } = useAuth();
  return useMutation({
    mutationFn: (follow: boolean) => (follow
      ? api.put<FollowState>(`/api/campaigns/${encodeURIComponent(tokenAddress)}/follow`, {})
      : api.delete<FollowState>(`/api/campaigns/${encodeURIComponent(tokenAddress)}/follow`)),
    onSuccess: (state) => {
      queryClient.setQueryData(followKey(tokenAddress, wallet), state);
      queryClient.setQueryData<Set<string>>(myFollowsKey(wallet), (mine) => {
        const next = new Set(mine);
        if (state.following) next.add(tokenAddress); else next.delete(tokenAddress);
        return next;
      });
    },
  });
}

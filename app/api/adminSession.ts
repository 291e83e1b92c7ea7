import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client';

export type AdminSession = { username: string; expiresAt: string };

export const adminSessionKey = ['admin', 'session'] as const;

export function useAdminSession() {
  return useQuery({
    queryKey: adminSessionKey,
    queryFn: () => api.get<AdminSession>('/api/admin/session'),
    retry: false,
    staleTime: 30_000,
  });
}

export function useAdminLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (credentials: { username: string; password: string }) =>
      api.post<AdminSession>('/api/admin/login', credentials),
    onSuccess: (session) => queryClient.setQueryData(adminSessionKey, session),
  });
}

export function useAdminLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<void>('/api/admin/logout', {}),
    onSettled: () => queryClient.removeQueries({ queryKey: ['admin'] }),
  });
}

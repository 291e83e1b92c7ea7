import { useQuery } from '@tanstack/react-query';
import { api } from './client';

export type DbStatus = { connected: boolean; campaigns: number };

export function useDbStatus() {
  return useQuery({
    queryKey: ['db', 'status'],
    queryFn: () => api.get<DbStatus>('/api/db/status'),
    retry: false,
    staleTime: 0,
  });
}

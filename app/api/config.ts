import { useQuery } from '@tanstack/react-query';
import type { ClientConfig } from '../../core/clientConfig';
import { api } from './client';

export function useClientConfig() {
  return useQuery({
    queryKey: ['config'],
    queryFn: () => api.get<ClientConfig>('/api/config'),
    staleTime: Infinity,
  });
}

import { useQuery } from '@tanstack/react-query';
import { api, orNull } from '../../api/client';

/** Whether `mint` is the official token, by GET /api/official-token's address (false while unknown or unset). */
export function useIsOfficialToken(mint: string): boolean {
  const official = useQuery({
    queryKey: ['official-token', 'address'],
    queryFn: async () => (await orNull(api.get<{ tokenAddress: string }>('/api/official-token')))?.tokenAddress ?? null,
    staleTime: 5 * 60_000,
    retry: false,
  });
  return official.data === mint;
}

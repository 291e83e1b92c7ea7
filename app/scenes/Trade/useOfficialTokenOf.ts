import { useQuery } from '@tanstack/react-query';
import { api, orNull } from '../../api/client';
import { officialTokenKey, type OfficialToken } from '../../api/officialToken';

/**
 * The official token when `mint` is its address (GET /api/official-token), else null.
 * The official token has no campaign row: the trading page builds its header from this.
 * Under officialTokenKey, so the launch's live events refresh it.
 */
export function useOfficialTokenOf(mint: string): { isPending: boolean; token: OfficialToken | null } {
  const official = useQuery({
    queryKey: [...officialTokenKey, 'trade-lookup'],
    queryFn: () => orNull(api.get<OfficialToken>('/api/official-token')),
    staleTime: 5 * 60_000,
    retry: false,
  });
  const token = official.data && official.data.tokenAddress === mint ? official.data : null;
  return { isPending: official.isPending, token };
}

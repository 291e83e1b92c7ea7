import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BUILT_IN_CHARITIES } from '../../core/charities';
import type { CharityCreateBody, CharityPatchBody } from '../../core/schemas/charity';
import { api } from './client';
import type { Charity } from './launch';

/**
 * A charity on the public page: what campaigns have paid it so far, as exact decimal strings.
 * `built_in` marks an entry of the built-in list (no payouts known: the API was not reached).
 */
export type PublicCharity = Charity & { display_order: number; paid_lamports: string; paid_sol: string; paying_campaigns: number; built_in?: true };

/** A charity in the admin list: every one, inactive too. */
export type AdminCharity = Charity & { is_active: boolean; display_order: number; created_at: string; updated_at: string };

export const publicCharitiesKey = ['charities', 'public'] as const;
export const adminCharitiesKey = ['admin', 'charities'] as const;

const CACHE_KEY = 'causemint:verified-charities';

/** The last list this browser loaded, shown when the API cannot be reached (spec 2: 'Using cached charity data'). */
export function readCachedCharities(): PublicCharity[] | null {
  try {
    const raw = localStorage.getItem(CACHE_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    return Array.isArray(parsed) ? (parsed as PublicCharity[]) : null;
  } catch {
    return null;
  }
}

/**
 * The built-in list's active entries as the public page shows charities (spec 2 section 3: the
 * fallback when the table cannot be read), for a browser that has no saved copy. Negative ids
 * never meet a stored row's.
 */
export function builtInCharities(): PublicCharity[] {
  return BUILT_IN_CHARITIES.flatMap((c, i) => (c.is_active ? [{
    id: -(i + 1), name: c.name, website: c.website, website_url: `https://${c.website}`, wallet_address: c.wallet_address,
    category: c.category, logo: null, description: c.description, display_order: i + 1,
    paid_lamports: '0', paid_sol: '0', paying_campaigns: 0, built_in: true as const,
  }] : []));
}

export function usePublicCharities() {
  return useQuery({
    queryKey: publicCharitiesKey,
    queryFn: async () => {
      const { charities } = await api.get<{ charities: PublicCharity[] }>('/api/charities');
      try { localStorage.setItem(CACHE_KEY, JSON.stringify(charities)); } catch { /* storage full or blocked: no cache */ }
      return charities;
    },
    retry: 1,
  });
}

export function useAdminCharities() {
  return useQuery({
    queryKey: adminCharitiesKey,
    queryFn: async () => (await api.get<{ charities: AdminCharity[] }>('/api/admin/charities')).charities,
    retry: false,
  });
}

/** Every admin write refreshes the admin list, the public page and the donation-wallet choice. */
function useCharityMutation<V, R>(mutationFn: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: adminCharitiesKey });
      void queryClient.invalidateQueries({ queryKey: ['charities'] });
    },
  });
}

export function useCreateCharity() {
  return useCharityMutation((body: CharityCreateBody) => api.post<{ charity: AdminCharity }>('/api/admin/charities', body));
}

export function useUpdateCharity() {
  return useCharityMutation(({ id, patch }: { id: number; patch: CharityPatchBody }) =>
    api.patch<{ charity: AdminCharity }>(`/api/admin/charities/${id}`, patch));
}

export function useDeleteCharity() {
  return useCharityMutation((id: number) => api.delete<{ deleted: number }>(`/api/admin/charities/${id}`));
}

export function useMoveCharity() {
  return useCharityMutation(({ id, direction }: { id: number; direction: 'up' | 'down' }) =>
    api.post<{ moved: boolean }>(`/api/admin/charities/${id}/move`, { direction }));
}

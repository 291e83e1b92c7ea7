import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CharityCreateBody, CharityPatchBody } from '../../core/schemas/charity';
import { api } from './client';
import type { Charity } from './launch';

/** A charity on the public page: what campaigns have paid it so far, as exact decimal strings. */
export type PublicCharity = Charity & { display_order: number; paid_lamports: string; paid_sol: string; paying_campaigns: number };

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

import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { MAINTENANCE_POLL_MS } from '../../core/constants';
import { api } from './client';

export type MaintenanceSchedule = {
  enabled: boolean;
  startTime: string | null;
  endTime: string | null;
  message: string | null;
};

export type SiteSettings = {
  maintenance_mode: boolean;
  maintenance_message: string | null;
  schedule: MaintenanceSchedule;
  updated_at: string;
  /** Maintenance is on and this browser is signed in as an admin: it sees the site, marked, to check it before reopening. */
  admin_preview?: boolean;
};

export type MaintenanceUpdate = {
  maintenance_mode: boolean;
  maintenance_message?: string;
  schedule?: { enabled: boolean; startTime: string | null; endTime: string | null; message: string };
};

export const siteSettingsKey = ['settings', 'site'] as const;

const STARTUP_ANSWER_FRESH_MS = 2_000;

const fetchSiteSettings = () => api.get<SiteSettings>('/api/settings/site');

/** Public pages render only once this has answered: asked for at start-up, beside the page's code. */
export function prefetchSiteSettings(queryClient: QueryClient): void {
  void queryClient.prefetchQuery({ queryKey: siteSettingsKey, queryFn: fetchSiteSettings, retry: 1 });
}

/** The maintenance flag: pushed by /api/events and polled every 5 s as a fallback. */
export function useSiteSettings() {
  return useQuery({
    queryKey: siteSettingsKey,
    queryFn: fetchSiteSettings,
    refetchInterval: MAINTENANCE_POLL_MS,
    refetchIntervalInBackground: true,
    staleTime: 0,
    // An answer from the start-up prefetch is not asked again on mount; the poll takes over.
    refetchOnMount: (query) => Date.now() - query.state.dataUpdatedAt > STARTUP_ANSWER_FRESH_MS,
    // Public pages wait for this answer: fail fast, the poll retries anyway.
    retry: 1,
  });
}

export function useUpdateMaintenance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MaintenanceUpdate) => api.put<SiteSettings>('/api/admin/maintenance', body),
    onSuccess: (settings) => queryClient.setQueryData(siteSettingsKey, settings),
  });
}

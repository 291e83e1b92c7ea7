import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReportStatus, ReportType } from '../../core/enums';
import type { ReportCounts, ReportCreateInput, ReportStatusFilter, ReportUpdateInput } from '../../core/schemas/report';
import { api } from './client';

export type Report = {
  id: number;
  campaign_ticker: string;
  token_address: string | null;
  campaign: { name: string; flagged: boolean; verified: boolean } | null;
  report_type: ReportType;
  description: string;
  evidence: string | null;
  contact_email: string | null;
  x_handle: string | null;
  telegram_handle: string | null;
  status: ReportStatus;
  submitted_at: string;
  admin_notes: string | null;
  resolution: string | null;
  updated_at: string;
};

export type ReportList = { reports: Report[]; total: number; counts: ReportCounts };

/** Invalidated by the report_submitted, report_updated and campaign_flagged live events. */
export const adminReportsKey = ['admin', 'reports'] as const;

export function useSubmitReport() {
  return useMutation({
    mutationFn: (input: ReportCreateInput) => api.post<{ id: number; status: ReportStatus }>('/api/reports', input),
  });
}

export function useAdminReports(status: ReportStatusFilter, page: { limit: number; offset: number }) {
  return useQuery({
    queryKey: [...adminReportsKey, status, page],
    queryFn: () => api.get<ReportList>(`/api/admin/reports?status=${status}&limit=${page.limit}&offset=${page.offset}`),
    placeholderData: keepPreviousData,
  });
}

export function useUpdateReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...input }: ReportUpdateInput & { id: number }) => api.patch<Report>(`/api/admin/reports/${id}`, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminReportsKey }),
  });
}

export function useFlagReportedCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, flagged, reason }: { id: number; flagged: boolean; reason?: string }) =>
      api.post<{ token_address: string; flagged: boolean }>(`/api/admin/reports/${id}/flag-campaign`, { flagged, reason }),
    onSuccess: () => Promise.all([
      queryClient.invalidateQueries({ queryKey: adminReportsKey }),
      queryClient.invalidateQueries({ queryKey: ['campaigns'] }),
    ]),
  });
}

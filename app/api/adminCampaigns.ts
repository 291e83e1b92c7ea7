import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ModerationFilter } from '../../core/schemas/moderation';
import type { VerificationStatus } from '../../core/enums';
import { api } from './client';
import type { VerificationRequest } from './verification';

/** A campaign as the moderation page reads it (the API sends every field of the campaign). */
export type ModeratedCampaign = {
  id: number;
  ticker: string;
  name: string;
  title: string;
  description: string;
  category: string;
  creator_wallet: string;
  donation_wallet: string | null;
  token_address: string | null;
  image_url: string | null;
  verified: boolean;
  flagged: boolean;
  is_test: boolean;
  backers: number;
  goal_amount: number;
  raised_amount: number;
  goal_lamports: string;
  raised_lamports: string;
  market_cap: number | null;
  market_cap_sol: string | null;
  holders: number | null;
  cached_volume_24h: number | null;
  bonding_curve_progress: number | null;
  is_bonded: boolean;
  website: string | null;
  twitter: string | null;
  telegram: string | null;
  discord: string | null;
  created_at: string;
  pending_request_id?: number | null;
};
export type ModerationCounts = Record<ModerationFilter, number>;
export type ModerationPage = { campaigns: ModeratedCampaign[]; total: number; counts: ModerationCounts };
export type CampaignReportSummary = { id: number; report_type: string; status: string; description: string; submitted_at: string };
export type ReviewedRequest = VerificationRequest & { campaign: ModeratedCampaign | null };

export const adminCampaignsKey = ['admin', 'campaigns'] as const;
export const adminVerificationKey = ['admin', 'verification-requests'] as const;

export function useAdminCampaigns(query: { filter: ModerationFilter; search: string; limit: number; offset: number }) {
  const params = new URLSearchParams({ filter: query.filter, limit: String(query.limit), offset: String(query.offset) });
  if (query.search) params.set('search', query.search);
  return useQuery({
    queryKey: [...adminCampaignsKey, 'list', query],
    queryFn: () => api.get<ModerationPage>(`/api/admin/campaigns?${params}`),
    placeholderData: keepPreviousData,
  });
}

export function useAdminCampaign(id: number | null) {
  return useQuery({
    queryKey: [...adminCampaignsKey, 'detail', id],
    queryFn: () => api.get<{ campaign: ModeratedCampaign; reports: CampaignReportSummary[]; verification_requests: VerificationRequest[] }>(`/api/admin/campaigns/${id}`),
    enabled: id !== null,
  });
}

export function useModerateCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...changes }: { id: number; verified?: boolean; flagged?: boolean; reason?: string }) => api.patch<ModeratedCampaign>(`/api/admin/campaigns/${id}`, changes),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminCampaignsKey }),
  });
}

export function useAdminVerificationRequests(status: VerificationStatus | 'all') {
  return useQuery({
    queryKey: [...adminVerificationKey, status],
    queryFn: () => api.get<{ requests: ReviewedRequest[]; total: number; counts: Partial<Record<VerificationStatus, number>> }>(`/api/admin/verification-requests?status=${status}&limit=100`),
  });
}

export function useReviewVerification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision, notes }: { id: number; decision: 'approve' | 'reject'; notes?: string }) =>
      api.post<VerificationRequest>(`/api/admin/verification-requests/${id}/${decision}`, notes ? { notes } : {}),
    onSettled: () => Promise.all([
      queryClient.invalidateQueries({ queryKey: adminVerificationKey }),
      queryClient.invalidateQueries({ queryKey: adminCampaignsKey }),
    ]),
  });
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { VerificationRequestCreate } from '../../core/schemas/verification';
import type { OrganizationType, VerificationStatus } from '../../core/enums';
import { api } from './client';

/** A verification request as the API sends it (spec 2 section 3 field names). */
export type VerificationRequest = {
  id: number;
  campaign_ticker: string | null;
  campaign_name: string | null;
  token_address: string | null;
  organization_name: string | null;
  organization_type: OrganizationType | null;
  registration_number: string | null;
  tax_id: string | null;
  contact_name: string | null;
  contact_email: string;
  contact_phone: string | null;
  contact_role: string | null;
  website: string | null;
  twitter: string | null;
  telegram: string | null;
  discord: string | null;
  creator_wallet: string;
  donation_wallet: string | null;
  description: string | null;
  documents: string[];
  status: VerificationStatus;
  submitted_at: string;
  reviewed_at: string | null;
  reviewer_notes: string | null;
};

export const myVerificationKey = (wallet: string | null) => ['verification', 'mine', wallet] as const;

/** GET /api/verification-requests/mine: the signed-in wallet's applications, newest first. */
export function useMyVerificationRequests(sessionWallet: string | null) {
  return useQuery({
    queryKey: myVerificationKey(sessionWallet),
    queryFn: async () => (await api.get<{ requests: VerificationRequest[] }>('/api/verification-requests/mine')).requests,
    enabled: Boolean(sessionWallet),
  });
}

export function useSubmitVerification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: VerificationRequestCreate) => api.post<{ id: number; status: VerificationStatus }>('/api/verification-requests', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['verification'] }),
  });
}

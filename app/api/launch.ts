import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { BondingCurveType, CampaignCategory } from '../../core/enums';
import type { DbcPrepareResult, DbcSignRequest } from '../../core/schemas/launch';
import { accountCampaignsKey } from './account';
import { campaignsKey } from './campaigns';
import { api, orNull } from './client';
import { platformStatsKey } from './platformStats';

// The launch service on a DBC pool (issue 36): prepare → create (the launch transaction) →
// the creator's wallet signs → complete.

export type { DbcPrepareResult, DbcSignRequest } from '../../core/schemas/launch';

export type LaunchPhoto = { url: string; isMain: boolean };

/** POST /api/revshare/create: spec 1 section 7 plus the campaign's own fields. SOL amounts as decimal strings. */
export type CreateLaunchBody = {
  request_id: string;
  name: string;
  ticker: string;
  description: string;
  imageUrl: string;
  developerWallet: string;
  website: string;
  twitter: string;
  telegram: string;
  decimals: number;
  taxTier: number;
  visible: number;
  mode: number;
  dev_fee_percentage: number;
  reward_ca: string;
  initialBuy?: string;
  bondingCurveType: BondingCurveType;
  ref?: string;
  category: CampaignCategory;
  goal: string;
  donationWallet: string;
  videoUrl?: string;
  photos: LaunchPhoto[];
};

export type CreateLaunchResult = {
  mintAddress: string;
  txSignature: string;
  bondingCurve?: unknown;
  pool?: string;
  distributionWallet?: string;
  /** Base units the creator received from the initial buy (after the 6% fee). */
  initialBuyTokens?: string;
};

/** A verified charity as GET /api/charities lists it (the active ones, in display order). */
export type Charity = {
  id: number;
  name: string;
  website: string | null;
  website_url: string | null;
  wallet_address: string;
  category: string;
  logo: string | null;
  description: string | null;
};

/** The campaign as GET /api/campaigns/{tokenAddress} presents it (the fields the launch reads back). */
export type LaunchedCampaign = {
  id: number;
  name: string;
  ticker: string;
  token_address: string | null;
  creator_wallet: string;
  donation_wallet: string | null;
  image_url: string | null;
};

/** GET /api/revshare/prepare: the request, its mint and what the launch asks for (the wallet pays the launch transaction itself). */
export function prepareLaunch(initialBuySol: string | null): Promise<DbcPrepareResult> {
  const query = initialBuySol ? `?initialBuy=${encodeURIComponent(initialBuySol)}` : '';
  return api.get<DbcPrepareResult>(`/api/revshare/prepare${query}`);
}

/** POST /api/revshare/create: the launch transaction for the wallet to sign. */
export function createLaunchTransaction(body: CreateLaunchBody): Promise<DbcSignRequest> {
  return api.post<DbcSignRequest>('/api/revshare/create', body);
}

/** POST /api/revshare/complete: relays the signed launch (or finds it landed) and answers as create does. Safe to repeat. */
export function completeLaunch(requestId: string, signedTransaction: string): Promise<CreateLaunchResult> {
  return api.post<CreateLaunchResult>('/api/revshare/complete', { request_id: requestId, signedTransaction });
}

/** The campaign a launch request created (GET /api/campaigns/by-request/{id}), or null while there is none. */
export async function campaignOfRequest(requestId: string): Promise<{ token_address: string | null; transaction_signature: string | null } | null> {
  return orNull(api.get(`/api/campaigns/by-request/${encodeURIComponent(requestId)}`));
}

/** After a launch every list that counts or shows campaigns is stale. */
export function useLaunchCreated() {
  const queryClient = useQueryClient();
  return (creatorWallet: string) => {
    void queryClient.invalidateQueries({ queryKey: campaignsKey });
    void queryClient.invalidateQueries({ queryKey: platformStatsKey });
    void queryClient.invalidateQueries({ queryKey: accountCampaignsKey(creatorWallet) });
  };
}

export const activeCharitiesKey = ['charities', 'active'] as const;

/** The donation-wallet choice: verified charities that are active. */
export function useActiveCharities() {
  return useQuery({
    queryKey: activeCharitiesKey,
    queryFn: async () => (await api.get<{ charities: Charity[] }>('/api/charities')).charities,
    staleTime: 60_000,
  });
}

export const launchedCampaignKey = (tokenAddress: string | null) => ['campaigns', 'token', tokenAddress] as const;

export function useLaunchedCampaign(tokenAddress: string | null) {
  return useQuery({
    queryKey: launchedCampaignKey(tokenAddress),
    queryFn: () => api.get<LaunchedCampaign>(`/api/campaigns/${encodeURIComponent(tokenAddress!)}`),
    enabled: Boolean(tokenAddress),
  });
}

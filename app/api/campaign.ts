import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CampaignDetailsEditInput, EditableField } from '../../core/schemas/campaignDetails';
import { api, orNull } from './client';
import { campaignsKey, type CampaignSummary } from './campaigns';

// One campaign's page: the campaign (with its curve, gallery and videos), its updates, and
// the creator's writes. Everything sits under ['campaigns', ...], which trades, donations
// and launches invalidate through the live events.

export type CampaignDetail = CampaignSummary & {
  creator_wallet: string;
  flagged: boolean;
  goal_amount: number;
  goal_lamports: string;
  raised_lamports: string;
  backers: number;
  website: string | null;
  twitter: string | null;
  telegram: string | null;
  discord: string | null;
  donation_wallet: string | null;
  /** The creator proved control of the donation wallet (their own, or it signed its consent). */
  donation_wallet_proven: boolean;
  /** all_transfers: every transfer to the donation wallet counts; reference_only: only those carrying the campaign's reference. */
  donation_counting: 'all_transfers' | 'reference_only';
  /** Who proved control: the creator for their own wallet, or the wallet's holder by a signed consent (with its day); null when unproven. */
  donation_wallet_proof: null | { kind: 'creator_wallet'; signer: string; proved_at: null; flow: null }
    | { kind: 'signed'; signer: string; proved_at: string; flow: 'confirmation_request' };
  distributor_wallet: string | null;
  request_id: string | null;
  /** From our launch flow: only these take the creator's photos, video and updates. */
  platform_created: boolean;
  bonding_curve_type: number;
  bonding: null | {
    pool_wallet: string; damm_pool: string | null; curve_type: number; threshold_sol: number; threshold_lamports: string;
    current_sol: number; current_lamports: string; complete: boolean;
  };
  /** The creator's story (the description when they wrote none). */
  story: string;
  /** When the creator last edited the story, goal or links after launch; null when never. */
  details_edited_at: string | null;
  /** The creator changed the goal after launch: what it was at launch (SOL) and when it last changed. */
  goal_change: { launch_goal_sol: string; changed_at: string } | null;
  gallery: { id: number; image_url: string; caption: string | null; order_index: number }[];
  videos: { id: number; video_url: string; title: string | null; is_primary: boolean }[];
};

/** One creator edit after launch (the goal in SOL); GET .../edits lists them newest first. */
export type CampaignEdit = {
  id: number; editor_wallet: string; created_at: string;
  changes: { field: EditableField; before: string | null; after: string | null }[];
};

export type CampaignUpdate = { id: number; title: string; content: string; author_wallet: string; author_name: string | null; created_at: string };

const enc = encodeURIComponent;
export const campaignKey = (mint: string) => [...campaignsKey, 'detail', mint] as const;

/** The campaign of a token address; null when there is none (the page then goes to /explore). */
export function useCampaign(mint: string) {
  return useQuery({
    queryKey: campaignKey(mint),
    queryFn: () => orNull(api.get<CampaignDetail>(`/api/campaigns/${enc(mint)}`)),
  });
}

/** Every edit of the story, goal and links, newest first. */
export function useCampaignEdits(mint: string, enabled = true) {
  return useQuery({
    queryKey: [...campaignKey(mint), 'edits'],
    queryFn: () => api.get<{ edits: CampaignEdit[] }>(`/api/campaigns/${enc(mint)}/edits`),
    enabled,
  });
}

export function useCampaignUpdates(mint: string) {
  return useQuery({
    queryKey: [...campaignKey(mint), 'updates'],
    queryFn: () => api.get<{ updates: CampaignUpdate[] }>(`/api/campaigns/${enc(mint)}/updates`),
  });
}

/** The creator's writes; each refreshes the campaign's page. */
export function useCreatorWrites(mint: string) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: campaignKey(mint) });
  const base = `/api/campaigns/${enc(mint)}`;
  return {
    addPhoto: useMutation({ mutationFn: (body: { imageUrl: string; caption?: string }) => api.post(`${base}/gallery`, body), onSuccess: refresh }),
    postUpdate: useMutation({ mutationFn: (body: { title: string; content: string }) => api.post(`${base}/updates`, body), onSuccess: refresh }),
    editPhoto: useMutation({
      mutationFn: ({ id, ...body }: { id: number; caption?: string; position?: number }) => api.patch(`${base}/gallery/${id}`, body),
      onSuccess: refresh,
    }),
    removePhoto: useMutation({ mutationFn: (id: number) => api.delete(`${base}/gallery/${id}`), onSuccess: refresh }),
    removeUpdate: useMutation({ mutationFn: (id: number) => api.delete(`${base}/updates/${id}`), onSuccess: refresh }),
    setVideo: useMutation({ mutationFn: (body: { videoUrl: string }) => api.put(`${base}/video`, body), onSuccess: refresh }),
    editDetails: useMutation({
      mutationFn: (body: CampaignDetailsEditInput) => api.patch<{ edit: CampaignEdit | null }>(`${base}/details`, body),
      onSuccess: refresh,
    }),
    removeVideo: useMutation({ mutationFn: () => api.delete(`${base}/video`), onSuccess: refresh }),
  };
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client';

export type Profile = {
  wallet_address: string;
  username: string | null;
  profile_photo: string | null;
  updated_at: string | null;
};

/** Only what changes: an omitted field keeps its value, null clears it. */
export type ProfileChanges = { username?: string | null; profile_photo?: string | null };

export const profileKey = (wallet: string | null | undefined) => ['profiles', wallet ?? null] as const;

/** GET /api/profiles/{wallet}: a wallet without a profile gets nulls. */
export function useProfile(wallet: string | null | undefined) {
  return useQuery({
    queryKey: profileKey(wallet),
    queryFn: () => api.get<Profile>(`/api/profiles/${encodeURIComponent(wallet!)}`),
    enabled: Boolean(wallet),
  });
}

/** PUT /api/profile: the signed-in wallet's own profile. */
export function useSaveProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: ProfileChanges) => api.put<Profile>('/api/profile', changes),
    onSuccess: (profile) => queryClient.setQueryData(profileKey(profile.wallet_address), profile),
  });
}

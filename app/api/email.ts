import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationKind } from '../../core/notifications';
import { useAuth } from '../auth/useAuth';
import { api } from './client';

export type EmailSettings = {
  /** false: the operator set no SMTP_URL, nothing can be mailed. */
  available: boolean;
  email: string | null;
  confirmed: boolean;
  awaiting_confirmation: boolean;
  kinds: NotificationKind[];
};

const emailKey = (wallet: string | null) => ['account', 'email', wallet] as const;

export function useEmailSettings() {
  const { wallet, isAuthenticated } = useAuth();
  return useQuery({ queryKey: emailKey(wallet), queryFn: () => api.get<EmailSettings>('/api/account/email'), enabled: isAuthenticated });
}

/** PUT: a new (or unconfirmed) address is sent a confirmation link; the same confirmed one only changes the kinds. */
export function useSaveEmail() {
  const queryClient = useQueryClient();
  const { wallet } = useAuth();
  return useMutation({
    mutationFn: (input: { email: string; kinds: NotificationKind[] }) => api.put<EmailSettings & { confirmation_sent: boolean }>('/api/account/email', input),
    onSuccess: (settings) => queryClient.setQueryData(emailKey(wallet), settings),
  });
}

export function useRemoveEmail() {
  const queryClient = useQueryClient();
  const { wallet } = useAuth();
  return useMutation({
    mutationFn: () => api.delete<void>('/api/account/email'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: emailKey(wallet) }),
  });
}

/** The confirmation link's page and the unsubscribe page: no sign-in, the token is the authority. */
export const confirmEmail = (token: string) => api.post<{ email: string; confirmed: true }>('/api/email/confirm', { token });
export const unsubscribeEmail = (token: string) => api.post<{ unsubscribed: true }>(`/api/email/unsubscribe?token=${encodeURIComponent(token)}`);
/** A confirmation mail's 'this was not me': no mail to that address ever again, from any wallet. */
export const stopEmailToAddress = (token: string) =>
  api.post<{ stopped: true; email: string; already: boolean }>(`/api/email/not-me?token=${encodeURIComponent(token)}`);

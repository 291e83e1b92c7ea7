import { api } from './client';

export type AuthChallenge = { message: string; nonce: string; expiresAt: string };
export type AuthSession = { wallet: string; expiresAt: string };
export type VerifiedSession = AuthSession & { isNewUser: boolean };

export const authSessionKey = ['auth', 'session'] as const;

/** The server's wallet session for this browser, or null when there is none. */
export async function fetchAuthSession(): Promise<AuthSession | null> {
  return (await api.get<{ session: AuthSession | null }>('/api/auth/session')).session;
}

/** A single-use Sign-In-With-Solana message for `wallet` to sign. */
export function requestChallenge(wallet: string): Promise<AuthChallenge> {
  return api.post<AuthChallenge>('/api/auth/challenge', { wallet });
}

/** Sends the signed message; the server answers with the session and sets its httpOnly cookie. */
export function verifySignature(wallet: string, message: string, signature: string): Promise<VerifiedSession> {
  return api.post<VerifiedSession>('/api/auth/verify', { wallet, message, signature });
}

export function logout(): Promise<void> {
  return api.post<void>('/api/auth/logout');
}

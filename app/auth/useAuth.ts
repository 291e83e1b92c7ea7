import { createContext, useContext } from 'react';

/** Spec 1 section 4 'Wallet authentication': not connected, connected (unauthenticated), authenticating, authenticated. */
export type AuthStatus = 'not-connected' | 'unauthenticated' | 'authenticating' | 'authenticated';

export type AuthState = {
  status: AuthStatus;
  /** The wallet the server session belongs to; null unless authenticated. */
  wallet: string | null;
  /** ISO time the server session ends. */
  expiresAt: string | null;
  isAuthenticated: boolean;
  /** Asks the connected wallet to sign in now; resolves true once the server session exists. */
  signIn: () => Promise<boolean>;
  /** Ends the server session and disconnects the wallet. */
  signOut: () => Promise<void>;
};

export const AuthContext = createContext<AuthState>({
  status: 'not-connected',
  wallet: null,
  expiresAt: null,
  isAuthenticated: false,
  signIn: async () => false,
  signOut: async () => {},
});

/** The wallet sign-in state; pages that act as the wallet check `isAuthenticated`. */
export function useAuth(): AuthState {
  return useContext(AuthContext);
}

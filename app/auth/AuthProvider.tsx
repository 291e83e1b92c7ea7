import { useWallet } from '@solana/wallet-adapter-react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { authSessionKey, fetchAuthSession, logout, type AuthSession } from '../api/auth';
import { clearAuthRecord } from './authRecord';
import {
  toastAuthenticationCancelled, toastAuthenticationFailed, toastAuthenticationRequired,
  toastWalletFeatureUnavailable, toastWalletNotConnected,
} from './authToasts';
import { SIGN_IN_PROMPT_DELAY_MS, signInWithWallet } from './signIn';
import { AuthContext, type AuthState, type AuthStatus } from './useAuth';

type Phase = { status: AuthStatus; session: AuthSession | null };

const NOT_CONNECTED: Phase = { status: 'not-connected', session: null };
const UNAUTHENTICATED: Phase = { status: 'unauthenticated', session: null };
const AUTHENTICATING: Phase = { status: 'authenticating', session: null };

/**
 * The wallet sign-in state machine. When a wallet connects, a live server session for
 * that wallet is reused (no new signature); otherwise, after 500 ms, the wallet signs the
 * server's challenge. Refusal or failure disconnects the wallet; a disconnect ends the
 * session. Lives inside WalletProvider and QueryClientProvider.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const { publicKey, connected, signMessage, disconnect } = useWallet();
  const queryClient = useQueryClient();
  const address = connected && publicKey ? publicKey.toBase58() : null;
  const [phase, setPhase] = useState<Phase>(NOT_CONNECTED);
  // Each connected wallet (and each manual sign-in) is one run; async steps of an older run stop.
  const run = useRef(0);
  const previousAddress = useRef<string | null>(null);
  const pendingLogout = useRef<Promise<void>>(Promise.resolve());
  // Read at call time: the adapter's functions change identity without the wallet changing.
  const wallet = useRef({ signMessage, disconnect });
  wallet.current = { signMessage, disconnect };
  const [expiryTick, setExpiryTick] = useState(0);

  const endSession = useCallback(() => {
    clearAuthRecord();
    queryClient.setQueryData(authSessionKey, null);
    pendingLogout.current = logout().catch(() => {});
    return pendingLogout.current;
  }, [queryClient]);

  const authenticated = useCallback((session: AuthSession) => {
    queryClient.setQueryData(authSessionKey, session);
    setPhase({ status: 'authenticated', session });
  }, [queryClient]);

  const signInAs = useCallback(async (address: string, id: number): Promise<boolean> => {
    const isCurrent = () => run.current === id;
    if (!isCurrent()) return false;
    setPhase(AUTHENTICATING);
    const outcome = await signInWithWallet(address, wallet.current.signMessage, isCurrent);
    switch (outcome.kind) {
      case 'signed-in':
        authenticated({ wallet: outcome.session.wallet, expiresAt: outcome.session.expiresAt });
        return true;
      case 'unsupported':
        toastWalletFeatureUnavailable();
        setPhase(UNAUTHENTICATED);
        return false;
      case 'rejected':
        toastAuthenticationCancelled();
        toastAuthenticationRequired();
        setPhase(UNAUTHENTICATED);
        void wallet.current.disconnect().catch(() => {});
        return false;
      case 'failed':
        toastAuthenticationFailed();
        toastAuthenticationRequired();
        setPhase(UNAUTHENTICATED);
        void wallet.current.disconnect().catch(() => {});
        return false;
      default:
        return false;
    }
  }, [authenticated]);

  useEffect(() => {
    const id = ++run.current;
    const isCurrent = () => run.current === id;
    const was = previousAddress.current;
    previousAddress.current = address;
    if (!address) {
      setPhase(NOT_CONNECTED);
      // Only a wallet that was connected here disconnects; the first render (before auto-connect) is not one.
      if (was) void endSession();
      return () => { run.current += 1; };
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    setPhase(AUTHENTICATING);
    void (async () => {
      await pendingLogout.current;
      const session = await fetchAuthSession().catch(() => null);
      if (!isCurrent()) return;
      if (session && session.wallet === address && Date.parse(session.expiresAt) > Date.now()) {
        authenticated(session);
        const left = Date.parse(session.expiresAt) - Date.now();
        // Past its hour the session is gone: check again, which asks for a new signature.
        timer = setTimeout(() => setExpiryTick((n) => n + 1), Math.min(left + 1000, 2 ** 31 - 1));
        return;
      }
      // Another wallet's session must not act for this one.
      if (session) await endSession();
      if (!isCurrent()) return;
      clearAuthRecord();
      setPhase(UNAUTHENTICATED);
      timer = setTimeout(() => void signInAs(address, id), SIGN_IN_PROMPT_DELAY_MS);
    })();
    return () => {
      clearTimeout(timer);
      run.current += 1;
    };
  }, [address, expiryTick, authenticated, endSession, signInAs]);

  const signIn = useCallback(async () => {
    if (!address) {
      toastWalletNotConnected();
      return false;
    }
    return signInAs(address, ++run.current);
  }, [address, signInAs]);

  const signOut = useCallback(async () => {
    run.current += 1;
    previousAddress.current = null;
    await endSession();
    setPhase(NOT_CONNECTED);
    await wallet.current.disconnect().catch(() => {});
  }, [endSession]);

  const value = useMemo<AuthState>(() => {
    const session = phase.session && phase.session.wallet === address ? phase.session : null;
    const status: AuthStatus = !address ? 'not-connected' : phase.status === 'not-connected' ? 'authenticating' : phase.status;
    return {
      status: status === 'authenticated' && !session ? 'authenticating' : status,
      wallet: session?.wallet ?? null,
      expiresAt: session?.expiresAt ?? null,
      isAuthenticated: status === 'authenticated' && Boolean(session),
      signIn,
      signOut,
    };
  }, [phase, address, signIn, signOut]);

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

import { useWallet } from '@solana/wallet-adapter-react';
import type { WalletName } from '@solana/wallet-adapter-base';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { ErrorChannel } from './errorChannel';
import { afterConnectFailure, CONNECT_STALL_MS, ConnectStalledError, RECONNECT_DELAY_MS, type ConnectionPhase } from './reconnect';
import { classifyWalletError } from './walletErrors';
import { useWalletConnectionCookie } from './useWalletConnectionCookie';
import {
  toastConnectionFailed, toastExtensionIssue, toastUnexpectedWalletError, toastWalletExtensionIssue, toastWalletNotFound,
} from './walletToasts';

type WalletStatus = { status: ConnectionPhase; retry: () => void };

const WalletStatusContext = createContext<WalletStatus>({ status: { phase: 'idle' }, retry: () => {} });

/** Reconnect attempts and the state behind 'Connecting (Retry n/3)' and 'Retry Connection'. */
export function useWalletStatus(): WalletStatus {
  return useContext(WalletStatusContext);
}

/** Hears wallet errors: toasts per spec, retries failed connections. Lives inside WalletProvider. */
export function WalletStatusProvider({ errors, children }: { errors: ErrorChannel; children: ReactNode }) {
  const { wallet, connected, connecting, select, connect } = useWallet();
  const [status, setStatus] = useState<ConnectionPhase>({ phase: 'idle' });
  useWalletConnectionCookie();
  const retriesDone = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const lastWallet = useRef<WalletName | null>(null);
  // The retry runs from a timer: it must see the wallet state of then, not of when it was scheduled.
  const live = useRef({ wallet, select, connect });
  live.current = { wallet, select, connect };

  useEffect(() => {
    if (wallet) lastWallet.current = wallet.adapter.name;
  }, [wallet]);

  useEffect(() => {
    if (!connected) return;
    retriesDone.current = 0;
    clearTimeout(timer.current);
    setStatus({ phase: 'idle' });
  }, [connected]);

  // A failed connect unselects the wallet (wallet-adapter-react), so selecting it again reconnects.
  const reconnect = useCallback(() => {
    const name = lastWallet.current;
    if (!name) return;
    const { wallet: current, select: selectWallet, connect: connectWallet } = live.current;
    if (current?.adapter.name === name) void connectWallet().catch(() => {});
    else selectWallet(name);
  }, []);

  // wallet-adapter waits for an extension's connect for ever: one that never answers (a hung
  // provider) is reported through the same channel, as the stall it is ('Extension Issue').
  useEffect(() => {
    // Android's Mobile Wallet Adapter connects by switching to the wallet app: slow is normal there.
    if (!connecting || wallet?.adapter.name === 'Mobile Wallet Adapter') return undefined;
    const stall = setTimeout(() => errors.emit(new ConnectStalledError()), CONNECT_STALL_MS);
    return () => clearTimeout(stall);
  }, [connecting, wallet, errors]);

  useEffect(() => errors.subscribe((error) => {
    switch (classifyWalletError(error)) {
      case 'ignore':
        retriesDone.current = 0;
        setStatus({ phase: 'idle' });
        return;
      case 'extension':
        setStatus({ phase: 'failed' });
        toastWalletExtensionIssue();
        return;
      case 'stalled':
        setStatus({ phase: 'failed' });
        toastExtensionIssue();
        return;
      case 'unexpected':
        toastUnexpectedWalletError();
        return;
      case 'not-found':
        setStatus({ phase: 'idle' });
        toastWalletNotFound();
        return;
      case 'connection': {
        const next = afterConnectFailure(retriesDone.current);
        setStatus(next.phase);
        if (next.retry) {
          retriesDone.current += 1;
          clearTimeout(timer.current);
          timer.current = setTimeout(reconnect, RECONNECT_DELAY_MS);
        } else {
          toastConnectionFailed(error.message);
        }
        return;
      }
      default:
    }
  }), [errors, reconnect]);

  useEffect(() => () => clearTimeout(timer.current), []);

  const retry = useCallback(() => {
    retriesDone.current = 0;
    setStatus({ phase: 'idle' });
    reconnect();
  }, [reconnect]);

  const value = useMemo(() => ({ status, retry }), [status, retry]);
  return <WalletStatusContext.Provider value={value}>{children}</WalletStatusContext.Provider>;
}

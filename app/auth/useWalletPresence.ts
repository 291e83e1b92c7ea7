import { useWallet } from '@solana/wallet-adapter-react';
import { useEffect, useRef, useState } from 'react';
import { WALLET_STORAGE_KEY } from '../solana/walletStorageKey';
import { useClientConfig } from '../api/config';
import { useWalletStatus } from '../solana/WalletStatusProvider';

/**
 * How long a remembered wallet may take to start auto-connecting once wallets can be
 * known: the Local wallet registers only after /api/config has answered.
 */
export const AUTO_CONNECT_GRACE_MS = 5_000;

export type WalletPresence = 'connected' | 'pending' | 'absent';

function rememberedWallet(): boolean {
  try { return Boolean(window.localStorage.getItem(WALLET_STORAGE_KEY)); } catch { return false; }
}

/**
 * Whether a wallet is connected, still on its way (auto-connect of a remembered wallet,
 * or its retries), or absent. Pages that need a wallet redirect only on 'absent', so a
 * reload does not bounce.
 */
export function useWalletPresence(): WalletPresence {
  const { connected, connecting } = useWallet();
  const { status } = useWalletStatus();
  const config = useClientConfig();
  const configSettled = !config.isPending;
  const [graceOver, setGraceOver] = useState(false);
  const wasConnected = useRef(false);
  if (connected) wasConnected.current = true;

  useEffect(() => {
    if (!configSettled) return;
    const timer = setTimeout(() => setGraceOver(true), AUTO_CONNECT_GRACE_MS);
    return () => clearTimeout(timer);
  }, [configSettled]);

  if (connected) return 'connected';
  if (connecting || status.phase === 'retrying') return 'pending';
  // A wallet that was connected on this page and no longer is has been disconnected.
  if (wasConnected.current) return 'absent';
  // wallet-adapter forgets the selection on disconnect, so a remembered name means auto-connect is coming.
  return rememberedWallet() && !graceOver ? 'pending' : 'absent';
}

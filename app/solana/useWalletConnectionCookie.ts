import { useWallet } from '@solana/wallet-adapter-react';
import { useEffect, useRef } from 'react';
import { forgetWalletConnection, recordWalletConnection } from '../lib/functionalCookies';

/** Keeps the wallet-connection cookie (spec 2: 30 days, functional) in step with the connected wallet. */
export function useWalletConnectionCookie(): void {
  const { connected, wallet } = useWallet();
  const name = wallet?.adapter.name ?? null;
  const wasConnected = useRef(false);
  useEffect(() => {
    if (connected && name) {
      wasConnected.current = true;
      recordWalletConnection(name);
    } else if (!connected && wasConnected.current) {
      // Only a disconnect forgets it: before auto-connect finishes, 'not connected' says nothing.
      wasConnected.current = false;
      forgetWalletConnection();
    }
  }, [connected, name]);
}

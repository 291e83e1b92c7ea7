import { WalletReadyState } from '@solana/wallet-adapter-base';
import { useWallet } from '@solana/wallet-adapter-react';
import { useEffect, useRef, useState } from 'react';
import { LOCAL_WALLET_NAME } from './localWallet/name';
import { hasInjectedSolanaWallet } from './phantom';

// Spec 1 section 9: extension detection polls every 200 ms up to 15 times.
export const DETECTION_INTERVAL_MS = 200;
export const DETECTION_ATTEMPTS = 15;

/** Whether a browser wallet extension is present; `detecting` until found or the polls run out. */
export function useExtensionDetection(): { detecting: boolean; hasExtension: boolean } {
  const { wallets } = useWallet();
  const installed = wallets.some((w) => w.adapter.name !== LOCAL_WALLET_NAME && w.readyState === WalletReadyState.Installed);
  const installedRef = useRef(installed);
  installedRef.current = installed;
  const [state, setState] = useState(() => ({ detecting: true, found: installed || hasInjectedSolanaWallet() }));

  useEffect(() => {
    if (state.found) return;
    let attempts = 0;
    const timer = setInterval(() => {
      attempts += 1;
      const found = installedRef.current || hasInjectedSolanaWallet();
      if (found || attempts >= DETECTION_ATTEMPTS) {
        clearInterval(timer);
        setState({ detecting: false, found });
      }
    }, DETECTION_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [state.found]);

  const hasExtension = installed || state.found;
  return { detecting: !hasExtension && state.detecting, hasExtension };
}

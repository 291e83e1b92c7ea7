import type { WalletError } from '@solana/wallet-adapter-base';
import { ConnectionProvider, WalletProvider } from '@solana/wallet-adapter-react';
import { useCallback, useEffect, useMemo, type ReactNode } from 'react';
import { WalletDialogProvider } from '../components/wallet/WalletDialogProvider';
import { rpcEndpoint, rpcWsEndpoint } from './endpoint';
import { createErrorChannel } from './errorChannel';
import { LocalWalletRegistrar } from './LocalWalletRegistrar';
import { suppressExtensionErrors } from './walletErrors';
import { WalletStatusProvider } from './WalletStatusProvider';

/** Spec 1 section 4: the selection is remembered under a key named for the product's wallet. */
export const WALLET_STORAGE_KEY = 'causemintWallet';

// Wallet Standard wallets (Phantom, Solflare, Backpack, the Local wallet) are detected by
// wallet-adapter-react itself; no legacy adapters. Stable reference: it is a memo dependency.
const NO_ADAPTERS: never[] = [];

/** Chain connection (this site's /api/rpc), wallets, wallet status and the wallet dialog. Inside QueryClientProvider. */
export function SolanaProviders({ children }: { children: ReactNode }) {
  const endpoint = useMemo(() => rpcEndpoint(), []);
  const config = useMemo(() => ({ commitment: 'confirmed' as const, wsEndpoint: rpcWsEndpoint() }), []);
  const errors = useMemo(() => createErrorChannel(), []);
  const onError = useCallback((error: WalletError) => errors.emit(error), [errors]);

  useEffect(() => suppressExtensionErrors(), []);

  return (
    <ConnectionProvider endpoint={endpoint} config={config}>
      <WalletProvider wallets={NO_ADAPTERS} autoConnect localStorageKey={WALLET_STORAGE_KEY} onError={onError}>
        <LocalWalletRegistrar />
        <WalletStatusProvider errors={errors}>
          <WalletDialogProvider>{children}</WalletDialogProvider>
        </WalletStatusProvider>
      </WalletProvider>
    </ConnectionProvider>
  );
}

import type { WalletError } from '@solana/wallet-adapter-base';
import { ConnectionContext, WalletContext } from '@solana/wallet-adapter-react';
import { useCallback, useEffect, useMemo, useState, type ComponentType, type ReactNode } from 'react';
import { WalletDialogProvider } from '../components/wallet/WalletDialogProvider';
import { createErrorChannel } from './errorChannel';
import { loadWalletEngine, walletEngineIsReady, walletEngineModule, WalletEngineReadyContext } from './walletEngine/load';
import { PENDING_CONNECTION, PENDING_WALLET } from './walletEngine/pending';
import type { WalletEngineState } from './walletEngine/WalletEngine';
import { suppressExtensionErrors } from './walletErrors';
import { WalletStatusProvider } from './WalletStatusProvider';
import { hasRememberedWallet } from './walletStorageKey';

export { WALLET_STORAGE_KEY } from './walletStorageKey';

type EngineComponent = ComponentType<{ onState: (state: WalletEngineState) => void; onError: (error: WalletError) => void }>;

/**
 * Wallet and connection contexts, wallet status and the wallet dialog. Inside QueryClientProvider.
 * The wallet engine (wallet-adapter, web3.js, mobile wallets) is most of the app's
 * JavaScript and no first paint needs it: until it loads, useWallet() answers 'no wallet
 * yet'. It loads at once for a remembered wallet (auto-connect), otherwise when a wallet
 * button or a wallet page asks (loadWalletEngine).
 */
export function SolanaProviders({ children }: { children: ReactNode }) {
  const errors = useMemo(() => createErrorChannel(), []);
  const onError = useCallback((error: WalletError) => errors.emit(error), [errors]);
  const [Engine, setEngine] = useState<EngineComponent | null>(null);
  const [engine, setEngineState] = useState<WalletEngineState | null>(null);

  useEffect(() => suppressExtensionErrors(), []);

  useEffect(() => {
    let live = true;
    walletEngineModule.then((m) => { if (live) setEngine(() => m.WalletEngine); }, (error: unknown) => console.error(error));
    if (hasRememberedWallet()) void loadWalletEngine();
    return () => { live = false; };
  }, []);

  const ready = engine !== null;
  useEffect(() => { if (ready) walletEngineIsReady(); }, [ready]);

  return (
    <>
      {Engine && <Engine onState={setEngineState} onError={onError} />}
      <ConnectionContext.Provider value={engine?.connection ?? PENDING_CONNECTION}>
        <WalletContext.Provider value={engine?.wallet ?? PENDING_WALLET}>
          <WalletEngineReadyContext.Provider value={ready}>
            <WalletStatusProvider errors={errors}>
              <WalletDialogProvider>{children}</WalletDialogProvider>
            </WalletStatusProvider>
          </WalletEngineReadyContext.Provider>
        </WalletContext.Provider>
      </ConnectionContext.Provider>
    </>
  );
}

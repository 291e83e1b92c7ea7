import type { WalletError } from '@solana/wallet-adapter-base';
import {
  ConnectionProvider, useConnection, useWallet, WalletProvider,
  type ConnectionContextState, type WalletContextState,
} from '@solana/wallet-adapter-react';
import { memo, useLayoutEffect, useMemo } from 'react';
import { rpcEndpoint, rpcWsEndpoint } from '../endpoint';
import { LocalWalletRegistrar } from '../LocalWalletRegistrar';
import { WALLET_STORAGE_KEY } from '../walletStorageKey';

export type WalletEngineState = { wallet: WalletContextState; connection: ConnectionContextState };

type Props = { onState: (state: WalletEngineState) => void; onError: (error: WalletError) => void };

// Wallet Standard wallets (Phantom, Solflare, Backpack, the Local wallet) are detected by
// wallet-adapter-react itself; no legacy adapters. Stable reference: it is a memo dependency.
const NO_ADAPTERS: never[] = [];

/** Hands the providers' values up to SolanaProviders, whose children read them. */
function Bridge({ onState }: Pick<Props, 'onState'>) {
  const wallet = useWallet();
  const connection = useConnection();
  // Before paint, so a value change never shows a frame of the old one.
  useLayoutEffect(() => onState({ wallet, connection }), [wallet, connection, onState]);
  return null;
}

/**
 * The chain connection (this site's /api/rpc) and the wallets, loaded after the first paint.
 * It renders beside the app, not around it, so its arrival never remounts the page; memo
 * keeps SolanaProviders' re-renders (from the values it reports) from feeding back into it.
 */
export const WalletEngine = memo(function WalletEngine({ onState, onError }: Props) {
  const endpoint = useMemo(() => rpcEndpoint(), []);
  const config = useMemo(() => ({ commitment: 'confirmed' as const, wsEndpoint: rpcWsEndpoint() }), []);
  return (
    <ConnectionProvider endpoint={endpoint} config={config}>
      <WalletProvider wallets={NO_ADAPTERS} autoConnect localStorageKey={WALLET_STORAGE_KEY} onError={onError}>
        <Bridge onState={onState} />
      </WalletProvider>
      {/* After WalletProvider: its effects (which start listening for Wallet Standard registrations)
          run before this one's. Inside it, with /api/config already cached, the Local wallet
          would register first, unheard. */}
      <LocalWalletRegistrar />
    </ConnectionProvider>
  );
});

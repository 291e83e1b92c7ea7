import type { WalletError } from '@solana/wallet-adapter-base';

type Listener = (error: WalletError) => void;

/**
 * WalletProvider's onError sits outside the wallet context; the status provider inside it
 * (which needs useWallet to retry) hears the errors through this channel.
 */
export function createErrorChannel() {
  const listeners = new Set<Listener>();
  return {
    emit: (error: WalletError) => listeners.forEach((listener) => listener(error)),
    subscribe: (listener: Listener) => {
      listeners.add(listener);
      return () => { listeners.delete(listener); };
    },
  };
}
export type ErrorChannel = ReturnType<typeof createErrorChannel>;

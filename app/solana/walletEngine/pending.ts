import type { ConnectionContextState, WalletContextState } from '@solana/wallet-adapter-react';

const stillLoading = () => Promise.reject(new Error('The wallet is still loading.'));

/** What useWallet() answers until the wallet engine has loaded: no wallets yet, nothing connected. */
export const PENDING_WALLET: WalletContextState = {
  autoConnect: true,
  wallets: [],
  wallet: null,
  publicKey: null,
  connecting: false,
  connected: false,
  disconnecting: false,
  select: () => {},
  connect: stillLoading,
  disconnect: async () => {},
  sendTransaction: stillLoading,
  signTransaction: undefined,
  signAllTransactions: undefined,
  signMessage: undefined,
  signIn: undefined,
};

// wallet-adapter-react's own default is this empty object too. Every read of `connection`
// happens with a wallet connected, or in a scene whose route waits for the engine (routes/).
export const PENDING_CONNECTION = {} as ConnectionContextState;

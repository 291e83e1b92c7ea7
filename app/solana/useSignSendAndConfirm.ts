import { WalletNotConnectedError } from '@solana/wallet-adapter-base';
import { useConnection, useWallet } from '@solana/wallet-adapter-react';
import type { Transaction, VersionedTransaction } from '@solana/web3.js';
import { useCallback } from 'react';
import { signSendAndConfirm } from './sendTransaction';

/**
 * The connected wallet signs, /api/rpc sends, 'confirmed' within 60 s, then 2 s more.
 * Failures are for txErrorMessage(); a missing wallet maps to 'Please reconnect your wallet and try again'.
 */
export function useSignSendAndConfirm() {
  const { connection } = useConnection();
  const { publicKey, signTransaction } = useWallet();
  return useCallback(async (transaction: Transaction | VersionedTransaction): Promise<string> => {
    if (!publicKey || !signTransaction) throw new WalletNotConnectedError();
    return signSendAndConfirm(connection, { publicKey, signTransaction }, transaction);
  }, [connection, publicKey, signTransaction]);
}

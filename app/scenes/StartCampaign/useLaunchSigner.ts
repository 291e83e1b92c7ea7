import { WalletNotConnectedError } from '@solana/wallet-adapter-base';
import { useConnection, useWallet } from '@solana/wallet-adapter-react';
import { Transaction } from '@solana/web3.js';
import { useCallback } from 'react';
import type { DbcSignRequest } from '../../api/launch';
import { fromBase64, toBase64 } from '../../lib/base64';
import { TX_ERROR } from '../../solana/txErrors';

/**
 * The DBC launch's one signature (issue 36): the wallet signs the transaction create built,
 * after a balance check in plain words; nothing is sent from the browser (complete relays it).
 */
export function useLaunchSigner() {
  const { connection } = useConnection();
  const { publicKey, signTransaction } = useWallet();
  return useCallback(async (request: DbcSignRequest): Promise<string> => {
    if (!publicKey || !signTransaction) throw new WalletNotConnectedError();
    const balance = BigInt(await connection.getBalance(publicKey, 'confirmed'));
    if (balance < BigInt(request.totalLamports)) throw new Error(TX_ERROR.insufficientSol);
    const signed = await signTransaction(Transaction.from(fromBase64(request.transactionBase64)));
    return toBase64(signed.serialize());
  }, [connection, publicKey, signTransaction]);
}

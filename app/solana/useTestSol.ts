import { useConnection } from '@solana/wallet-adapter-react';
import type { PublicKey } from '@solana/web3.js';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { api, errorMessage } from '../api/client';
import { formatSolBalance } from './format';
import { solBalanceKey } from './useSolBalance';

export const TEST_SOL_AMOUNT = 10;

type AirdropResponse = { signature: string };

/** 'Get test SOL' (local mode only): POST /api/dev/airdrop, then the new balance read back from the ledger. */
export function useTestSol() {
  const { connection } = useConnection();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (wallet: PublicKey) => {
      await api.post<AirdropResponse>('/api/dev/airdrop', { wallet: wallet.toBase58(), sol: TEST_SOL_AMOUNT });
      const lamports = BigInt(await connection.getBalance(wallet, 'confirmed'));
      queryClient.setQueryData(solBalanceKey(wallet.toBase58()), lamports);
      return lamports;
    },
    onSuccess: (lamports) => {
      toast.success(`Received ${TEST_SOL_AMOUNT} test SOL`, { description: `New balance: ${formatSolBalance(lamports)}` });
    },
    onError: (err) => {
      toast.error('Airdrop failed', { description: errorMessage(err, 'Could not get test SOL. Please try again.') });
    },
  });
}

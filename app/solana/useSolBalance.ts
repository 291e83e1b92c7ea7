import { useConnection, useWallet } from '@solana/wallet-adapter-react';
import type { PublicKey } from '@solana/web3.js';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';

// The websocket's account notifications push every change; the poll only covers a dropped subscription.
const BALANCE_POLL_MS = 20_000;

export const solBalanceKey = (address: string | undefined) => ['solBalance', address ?? null] as const;

/**
 * Live SOL balance (in lamports) of `owner`, or of the connected wallet when omitted.
 * `refresh()` re-reads it now (after an airdrop or a trade).
 */
export function useSolBalance(owner?: PublicKey | null) {
  const { connection } = useConnection();
  const { publicKey } = useWallet();
  const account = owner === undefined ? publicKey : owner;
  const address = account?.toBase58();
  const queryClient = useQueryClient();

  const query = useQuery({
    queryKey: solBalanceKey(address),
    queryFn: async () => BigInt(await connection.getBalance(account!, 'confirmed')),
    enabled: Boolean(account),
    refetchInterval: BALANCE_POLL_MS,
  });

  useEffect(() => {
    if (!account) return;
    const id = connection.onAccountChange(account, (info) => {
      queryClient.setQueryData(solBalanceKey(account.toBase58()), BigInt(info.lamports));
    }, { commitment: 'confirmed' });
    return () => { void connection.removeAccountChangeListener(id); };
  }, [account, connection, queryClient]);

  const refresh = useCallback(() => queryClient.invalidateQueries({ queryKey: solBalanceKey(address) }), [queryClient, address]);
  return { lamports: query.data, isLoading: query.isLoading, error: query.error, refresh };
}

import { useConnection } from '@solana/wallet-adapter-react';
import { PublicKey } from '@solana/web3.js';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';

// Program ids as constants: @solana/spl-token is not needed in the browser for one PDA.
const TOKEN_2022_PROGRAM_ID = new PublicKey('TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb');
const ASSOCIATED_TOKEN_PROGRAM_ID = new PublicKey('ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL');
// A token account starts mint (32) | owner (32) | amount (u64 LE).
const AMOUNT_OFFSET = 64;
// The websocket's account notifications push every change; the poll only covers a dropped subscription.
const BALANCE_POLL_MS = 20_000;

export const tokenBalanceRootKey = ['tokenBalance'] as const;
export const tokenBalanceKey = (owner: string | undefined, mint: string) => [...tokenBalanceRootKey, owner ?? null, mint] as const;

/** The owner's associated Token-2022 account for `mint`: where curve trades deliver tokens. */
export function associatedTokenAddress(owner: PublicKey, mint: PublicKey): PublicKey {
  return PublicKey.findProgramAddressSync(
    [owner.toBuffer(), TOKEN_2022_PROGRAM_ID.toBuffer(), mint.toBuffer()],
    ASSOCIATED_TOKEN_PROGRAM_ID,
  )[0];
}

function amountOf(data: Uint8Array | null | undefined): bigint {
  if (!data || data.length < AMOUNT_OFFSET + 8) return 0n;
  return new DataView(data.buffer, data.byteOffset + AMOUNT_OFFSET, 8).getBigUint64(0, true);
}

function safeMint(mint: string): PublicKey | null {
  try { return new PublicKey(mint); } catch { return null; }
}

/**
 * Live balance (base units) of `mint` in the owner's associated token account: 0 when the
 * account does not exist yet. `exists` says whether a first buy must pay its rent.
 */
export function useTokenBalance(owner: PublicKey | null, mint: string) {
  const { connection } = useConnection();
  const queryClient = useQueryClient();
  const address = useMemo(() => {
    const mintKey = safeMint(mint);
    return owner && mintKey ? associatedTokenAddress(owner, mintKey) : null;
  }, [owner, mint]);
  const key = tokenBalanceKey(owner?.toBase58(), mint);

  const query = useQuery({
    queryKey: key,
    queryFn: async () => {
      const info = await connection.getAccountInfo(address!, 'confirmed');
      return { units: amountOf(info?.data), exists: info !== null };
    },
    enabled: address !== null,
    refetchInterval: BALANCE_POLL_MS,
  });

  useEffect(() => {
    if (!address) return;
    const id = connection.onAccountChange(address, (info) => {
      queryClient.setQueryData(key, { units: amountOf(info.data), exists: true });
    }, { commitment: 'confirmed' });
    return () => { void connection.removeAccountChangeListener(id); };
    // key derives from owner and mint, which address already follows.
  }, [address, connection, queryClient]);

  return { units: query.data?.units, exists: query.data?.exists, isLoading: query.isLoading };
}

import { PublicKey } from '@solana/web3.js';
import { TOKEN_2022_PROGRAM_ID } from '@solana/spl-token';
import { keyName } from '../chain/keyNames';
import type { ChainService } from '../chain/service';

// A token account's layout starts mint (32) | owner (32) | amount (u64 LE).
const MINT_OFFSET = 0;
const OWNER_OFFSET = 32;
const AMOUNT_OFFSET = 64;

/**
 * Every wallet holding the mint and how much (its token accounts summed), read the way
 * `countHolders` reads the holder count: the local ledger's mint index in-process, or one
 * getProgramAccounts through the chain service on a cluster, where only the 40 owner and
 * amount bytes of each account travel. Empty accounts are left out.
 */
export async function holderBalances(chain: Pick<ChainService, 'connection' | 'ledger'>, mint: string): Promise<Map<string, bigint>> {
  const balances = new Map<string, bigint>();
  const add = (ownerBytes: Uint8Array, amount: bigint) => {
    if (amount <= 0n) return;
    const owner = keyName(ownerBytes);
    balances.set(owner, (balances.get(owner) ?? 0n) + amount);
  };
  const ledger = chain.ledger;
  if (ledger) {
    for (const { account } of ledger.getProgramAccountsByMint(TOKEN_2022_PROGRAM_ID.toBase58(), new PublicKey(mint).toBytes())) {
      if (account.data.length < AMOUNT_OFFSET + 8) continue;
      const data = Buffer.from(account.data.buffer, account.data.byteOffset, account.data.byteLength);
      add(data.subarray(OWNER_OFFSET, OWNER_OFFSET + 32), data.readBigUInt64LE(AMOUNT_OFFSET));
    }
    return balances;
  }
  const accounts = await chain.connection.getProgramAccounts(TOKEN_2022_PROGRAM_ID, {
    commitment: 'confirmed',
    filters: [{ memcmp: { offset: MINT_OFFSET, bytes: new PublicKey(mint).toBase58() } }],
    dataSlice: { offset: OWNER_OFFSET, length: 40 },
  });
  for (const { account } of accounts) {
    if (account.data.length === 40) add(account.data.subarray(0, 32), account.data.readBigUInt64LE(32));
  }
  return balances;
}

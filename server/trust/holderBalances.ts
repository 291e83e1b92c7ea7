import { PublicKey } from '@solana/web3.js';
import { TOKEN_2022_PROGRAM_ID } from '@solana/spl-token';
import type { ChainService } from '../chain/service';

// A token account's layout starts mint (32) | owner (32) | amount (u64 LE).
const MINT_OFFSET = 0;
const OWNER_OFFSET = 32;
const AMOUNT_OFFSET = 64;

// Encoding an owner's 32 bytes in base58 costs ~5 us, a tenth of a 10,000-holder answer:
// the same holders come back at every answer, so their encodings are kept.
const encoded = new Map<string, string>();
const ENCODED_MAX = 200_000;

function base58Of(bytes: Uint8Array): string {
  const key = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  let text = encoded.get(key);
  if (text === undefined) {
    if (encoded.size >= ENCODED_MAX) encoded.clear();
    text = new PublicKey(bytes).toBase58();
    encoded.set(key, text);
  }
  return text;
}

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
    const owner = base58Of(ownerBytes);
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

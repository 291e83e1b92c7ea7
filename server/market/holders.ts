import { PublicKey, type Connection } from '@solana/web3.js';
import { TOKEN_2022_PROGRAM_ID } from '@solana/spl-token';

// A token account's layout starts mint (32) | owner (32) | amount (u64 LE).
const MINT_OFFSET = 0;
const AMOUNT_OFFSET = 64;

/**
 * Holders as the chain has them: Token-2022 accounts of the mint with a positive amount
 * (the pool's own account included). Read from the chain, not from our trades, so
 * wallet-to-wallet transfers count too. Only the 8 amount bytes of each account travel.
 */
export async function countHolders(connection: Connection, mint: string): Promise<number> {
  const accounts = await connection.getProgramAccounts(TOKEN_2022_PROGRAM_ID, {
    commitment: 'confirmed',
    filters: [{ memcmp: { offset: MINT_OFFSET, bytes: new PublicKey(mint).toBase58() } }],
    dataSlice: { offset: AMOUNT_OFFSET, length: 8 },
  });
  let holders = 0;
  for (const { account } of accounts) {
    const data = account.data;
    if (data.length === 8 && data.readBigUInt64LE(0) > 0n) holders += 1;
  }
  return holders;
}

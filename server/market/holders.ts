import { PublicKey } from '@solana/web3.js';
import { TOKEN_2022_PROGRAM_ID } from '@solana/spl-token';
import type { ChainService } from '../chain/service';

// A token account's layout starts mint (32) | owner (32) | amount (u64 LE).
const MINT_OFFSET = 0;
const AMOUNT_OFFSET = 64;

/**
 * Holders as the chain has them: Token-2022 accounts of the mint with a positive amount
 * (the pool's own account included). Read from the chain, not from our trades, so
 * wallet-to-wallet transfers count too. The local ledger answers from its mint index
 * directly (the same accounts its getProgramAccounts would return, without the JSON-RPC
 * encoding and web3.js's validation of the answer, which cost more than the scan); a
 * cluster through the Connection, where only the 8 amount bytes of each account travel.
 */
export async function countHolders(chain: Pick<ChainService, 'connection' | 'ledger'>, mint: string): Promise<number> {
  const ledger = chain.ledger;
  if (ledger) {
    const accounts = ledger.getProgramAccountsByMint(TOKEN_2022_PROGRAM_ID.toBase58(), new PublicKey(mint).toBytes());
    return accounts.filter(({ account }) => amountOf(account.data) > 0n).length;
  }
  const accounts = await chain.connection.getProgramAccounts(TOKEN_2022_PROGRAM_ID, {
    commitment: 'confirmed',
    filters: [{ memcmp: { offset: MINT_OFFSET, bytes: new PublicKey(mint).toBase58() } }],
    dataSlice: { offset: AMOUNT_OFFSET, length: 8 },
  });
  return accounts.filter(({ account }) => account.data.length === 8 && account.data.readBigUInt64LE(0) > 0n).length;
}

function amountOf(data: Uint8Array): bigint {
  if (data.length < AMOUNT_OFFSET + 8) return 0n;
  return Buffer.from(data.buffer, data.byteOffset, data.byteLength).readBigUInt64LE(AMOUNT_OFFSET);
}

// Which token accounts of a mint hold withheld transfer fees: getProgramAccounts with a
// memcmp filter on the mint, one call per mint (locally the ledger's mint index answers
// it directly, reading only that mint's accounts).

import { PublicKey, type AccountInfo } from '@solana/web3.js';
import { AccountType, TOKEN_2022_PROGRAM_ID, getTransferFeeAmount, unpackAccount } from '@solana/spl-token';
import type { ChainService } from '../chain/service';

export type WithheldAccount = { address: PublicKey; withheld: bigint };

// A token account's extensions start after the 165-byte base layout with its account type byte.
const ACCOUNT_TYPE_OFFSET = 165;

function withheldOf(address: PublicKey, data: Uint8Array, lamports: bigint): bigint {
  if (data.length <= ACCOUNT_TYPE_OFFSET || data[ACCOUNT_TYPE_OFFSET] !== AccountType.Account) return 0n;
  const info: AccountInfo<Buffer> = { data: Buffer.from(data), owner: TOKEN_2022_PROGRAM_ID, lamports: Number(lamports), executable: false };
  return getTransferFeeAmount(unpackAccount(address, info, TOKEN_2022_PROGRAM_ID))?.withheldAmount ?? 0n;
}

/** Per mint, the accounts holding withheld fees (mints with none are left out). */
export async function findWithheldAccounts(chain: ChainService, mints: string[]): Promise<Map<string, WithheldAccount[]>> {
  const wanted = new Set(mints);
  const out = new Map<string, WithheldAccount[]>();
  const add = (mint: string, account: WithheldAccount) => {
    if (account.withheld <= 0n) return;
    const list = out.get(mint) ?? [];
    list.push(account);
    out.set(mint, list);
  };
  if (chain.ledger) {
    for (const mint of wanted) {
      for (const { address, account } of chain.ledger.getProgramAccountsByMint(TOKEN_2022_PROGRAM_ID.toBase58(), new PublicKey(mint).toBytes())) {
        const key = new PublicKey(address);
        add(mint, { address: key, withheld: withheldOf(key, account.data, account.lamports) });
      }
    }
    return out;
  }
  for (const mint of wanted) {
    const accounts = await chain.connection.getProgramAccounts(TOKEN_2022_PROGRAM_ID, {
      commitment: 'confirmed', filters: [{ memcmp: { offset: 0, bytes: mint } }],
    });
    for (const { pubkey, account } of accounts) add(mint, { address: pubkey, withheld: withheldOf(pubkey, account.data, BigInt(account.lamports)) });
  }
  return out;
}

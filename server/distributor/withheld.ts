// Which token accounts of a mint hold withheld transfer fees. Locally one pass over the
// ledger's Token-2022 accounts serves every mint of a run (a per-mint scan would read
// the whole program once per campaign); on a cluster, getProgramAccounts with a memcmp
// filter on the mint, one call per mint.

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
    if (wanted.size === 0) return out;
    const byHex = new Map(mints.map((mint) => [new PublicKey(mint).toBuffer().toString('hex'), mint]));
    for (const { address, account } of chain.ledger.getProgramAccounts(TOKEN_2022_PROGRAM_ID.toBase58())) {
      if (account.data.length <= ACCOUNT_TYPE_OFFSET) continue;
      const mint = byHex.get(Buffer.from(account.data.buffer, account.data.byteOffset, 32).toString('hex'));
      if (!mint) continue;
      const key = new PublicKey(address);
      add(mint, { address: key, withheld: withheldOf(key, account.data, account.lamports) });
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

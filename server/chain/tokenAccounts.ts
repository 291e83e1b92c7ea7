import { PublicKey } from '@solana/web3.js';
import { ASSOCIATED_TOKEN_PROGRAM_ID, TOKEN_2022_PROGRAM_ID, getAssociatedTokenAddressSync } from '@solana/spl-token';

export const MEMO_PROGRAM_ID = new PublicKey('MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr');

const tokenAccounts = new Map<string, PublicKey>();

/** The owner's Token-2022 associated account (memoised: deriving it costs a few curve checks). */
export function tokenAccountOf(mint: PublicKey, owner: PublicKey): PublicKey {
  const key = `${mint.toBase58()}:${owner.toBase58()}`;
  let account = tokenAccounts.get(key);
  if (!account) {
    account = getAssociatedTokenAddressSync(mint, owner, false, TOKEN_2022_PROGRAM_ID, ASSOCIATED_TOKEN_PROGRAM_ID);
    if (tokenAccounts.size >= 50_000) tokenAccounts.clear();
    tokenAccounts.set(key, account);
  }
  return account;
}

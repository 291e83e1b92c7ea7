import type { DecimalsOf } from './account';
import { decodeTokenAccount } from './tokenState';
import { tokenAmountToUiAmount, type UiTokenAmount } from './uiTokenAmount';

/** One entry of a transaction's meta.preTokenBalances / postTokenBalances. */
export type TokenBalance = { accountIndex: number; mint: string; uiTokenAmount: UiTokenAmount; owner: string; programId: string };

/**
 * The real node's collect_token_balance_from_account: an entry for an initialized token
 * account whose mint's decimals are known, else null. `programId` is the account's owner.
 * (The node skips the transaction's invoked programs and the token program ids themselves.)
 */
export function parseTokenBalance(accountIndex: number, programId: string, data: Uint8Array, decimalsOf: DecimalsOf): TokenBalance | null {
  const account = decodeTokenAccount(programId, data);
  if (!account) return null;
  const mint = account.mint.toBase58();
  const decimals = decimalsOf(mint);
  if (decimals === undefined) return null;
  return { accountIndex, mint, uiTokenAmount: tokenAmountToUiAmount(account.amount, decimals), owner: account.owner.toBase58(), programId };
}

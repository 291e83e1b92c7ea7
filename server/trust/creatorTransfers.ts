// What moved in and out of the creator's token account other than by their curve trades
// (issue 34: "moved" is the gross outflow, not bought - sold - held, which a later buy hides).
// Read through RPC only, so the same on a cluster: the account's signatures (getSignaturesForAddress,
// newest first, from the last one seen), then each new transaction's meta once (its pre and post
// token balances). A landed transaction's meta never changes: kept per chain and account.

import { PublicKey, type ParsedTransactionMeta, type TokenBalance } from '@solana/web3.js';
import { tokenAccountOf } from '../chain/tokenAccounts';
import type { ChainService } from '../chain/service';
import { mapLimited } from './mapLimited';

/** Signatures of the creator's token account read per computation, at most (one page). */
export const TRANSFER_HISTORY_PAGE = 1_000;
/** Parallel transaction reads per computation: a cold cache must not flood a provider. */
const READS_AT_ONCE = 4;
const ACCOUNTS_KEPT = 10_000;

type Change = { signature: string; delta: bigint };
type History = { newest: string | null; changes: Change[]; exact: boolean };

const historyByChain = new WeakMap<object, Map<string, History>>();

export type CreatorTransfers = { outTokens: bigint; inTokens: bigint; exact: boolean };

/** The owner's balance of the mint after minus before, summed over their accounts in the transaction. */
function ownerDelta(meta: Pick<ParsedTransactionMeta, 'preTokenBalances' | 'postTokenBalances'>, mint: string, owner: string): bigint {
  const sum = (balances: TokenBalance[] | null | undefined) => (balances ?? [])
    .filter((b) => b.mint === mint && b.owner === owner).reduce((total, b) => total + BigInt(b.uiTokenAmount.amount), 0n);
  return sum(meta.postTokenBalances) - sum(meta.preTokenBalances);
}

/**
 * The creator's token moves that are not curve trades (`tradesAmong` says which of some
 * signatures are: their trades and the launch's initial buy): every decrease of their balance in
 * another transaction is tokens moved out, every increase tokens moved in. `exact` is false
 * when the account had more history than one page when first read: the moves are then a lower bound.
 */
export async function creatorTransfers(
  chain: Pick<ChainService, 'connection'>, mint: string, creatorWallet: string, tradesAmong: (signatures: string[]) => Promise<Set<string>>,
): Promise<CreatorTransfers> {
  let histories = historyByChain.get(chain);
  if (!histories) historyByChain.set(chain, histories = new Map());
  const account = tokenAccountOf(new PublicKey(mint), new PublicKey(creatorWallet));
  const key = account.toBase58();
  const known = histories.get(key) ?? { newest: null, changes: [], exact: true };
  const page = await chain.connection.getSignaturesForAddress(account, { limit: TRANSFER_HISTORY_PAGE, ...(known.newest ? { until: known.newest } : {}) }, 'confirmed');
  let history = known;
  if (page.length > 0) {
    const landed = page.filter((s) => !s.err);
    const metas = await mapLimited(landed, READS_AT_ONCE, (s) => chain.connection.getTransaction(s.signature, { commitment: 'confirmed', maxSupportedTransactionVersion: 0 }));
    const changes = landed.flatMap((s, i) => {
      const meta = metas[i]?.meta;
      const delta = meta ? ownerDelta(meta, mint, creatorWallet) : 0n;
      return delta === 0n ? [] : [{ signature: s.signature, delta }];
    });
    history = { newest: page[0]!.signature, changes: [...known.changes, ...changes], exact: known.exact && page.length < TRANSFER_HISTORY_PAGE };
    // A signature whose transaction is not readable yet is asked again next time, with the rest of the page.
    if (metas.every((tx) => tx !== null)) {
      if (histories.size >= ACCOUNTS_KEPT) histories.clear();
      histories.set(key, history);
    }
  }
  const trades = history.changes.length === 0 ? new Set<string>() : await tradesAmong(history.changes.map((c) => c.signature));
  let outTokens = 0n;
  let inTokens = 0n;
  for (const { signature, delta } of history.changes) {
    if (trades.has(signature)) continue;
    if (delta < 0n) outTokens -= delta;
    else inTokens += delta;
  }
  return { outTokens, inTokens, exact: history.exact };
}

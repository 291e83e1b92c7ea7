// The SOL transfers inside a confirmed transaction, read from its compiled instructions
// (top level and inner, i.e. through other programs) so lamports stay exact bigints.

import { SystemProgram, type VersionedTransactionResponse } from '@solana/web3.js';
import bs58 from 'bs58';

export type SolTransfer = { source: string; destination: string; lamports: bigint };

const SYSTEM_PROGRAM = SystemProgram.programId.toBase58();
// System program instruction indexes (u32 little-endian at the start of the data).
const TRANSFER = 2;
const TRANSFER_WITH_SEED = 11;

/** Every account key of the transaction, lookup-table addresses included, in index order. */
export function accountKeysOf(tx: VersionedTransactionResponse): string[] {
  const keys = tx.transaction.message.getAccountKeys({ accountKeysFromLookups: tx.meta?.loadedAddresses ?? undefined });
  const all: string[] = [];
  for (let i = 0; i < keys.length; i++) all.push(keys.get(i)!.toBase58());
  return all;
}

export function solTransfersOf(tx: VersionedTransactionResponse): SolTransfer[] {
  const keys = accountKeysOf(tx);
  const found: SolTransfer[] = [];
  const read = (programIndex: number, accounts: number[], data: Uint8Array) => {
    if (keys[programIndex] !== SYSTEM_PROGRAM || data.length < 12) return;
    const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
    const kind = view.getUint32(0, true);
    const lamports = view.getBigUint64(4, true);
    // transfer: [from, to]; transferWithSeed: [from (derived), base, to].
    const [from, to] = kind === TRANSFER ? [accounts[0], accounts[1]] : kind === TRANSFER_WITH_SEED ? [accounts[0], accounts[2]] : [];
    if (from === undefined || to === undefined || lamports === 0n) return;
    found.push({ source: keys[from]!, destination: keys[to]!, lamports });
  };
  for (const ix of tx.transaction.message.compiledInstructions) read(ix.programIdIndex, ix.accountKeyIndexes, ix.data);
  for (const inner of tx.meta?.innerInstructions ?? []) {
    for (const ix of inner.instructions) read(ix.programIdIndex, ix.accounts, bs58.decode(ix.data));
  }
  return found;
}

/** Each account's balance after the transaction minus before, from its meta (the fee is in the payer's). */
export function balanceChangesOf(tx: VersionedTransactionResponse): Map<string, bigint> {
  const keys = accountKeysOf(tx);
  const changes = new Map<string, bigint>();
  const pre = tx.meta?.preBalances ?? [];
  const post = tx.meta?.postBalances ?? [];
  keys.forEach((key, i) => {
    if (pre[i] === undefined || post[i] === undefined) return;
    changes.set(key, (changes.get(key) ?? 0n) + BigInt(post[i]!) - BigInt(pre[i]!));
  });
  return changes;
}

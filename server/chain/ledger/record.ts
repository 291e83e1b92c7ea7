import bs58 from 'bs58';
import { Account as LiteAccount, type InnerInstruction } from 'litesvm';
import type { LiteSvm, Account } from 'litesvm/dist/internal';
import { isTokenProgram, MEMO_PROGRAM, MEMO_PROGRAM_V1 } from './programs';
import type { AccountRecord, StoredMeta, TxRecord } from './store';
import { ownerName } from './svm';
import { mintDecimals, parseTokenBalance } from '../parse';
import type { TxErrorJson } from './txError';
import { isStaticWritable, type WireTransaction } from './wire';

/** Every account key of a transaction in runtime order: static keys, then lookup-table writable, then readonly. */
export type ResolvedKeys = { keys: string[]; bytes: Uint8Array[]; writable: boolean[]; loaded: { writable: string[]; readonly: string[] } };

const ALT_HEADER = 56;
const TOKEN_ACCOUNT_LEN = 165;

export function resolveKeys(svm: LiteSvm, tx: WireTransaction): ResolvedKeys | { error: TxErrorJson } {
  const keys = [...tx.staticKeys];
  const bytes = [...tx.staticKeyBytes];
  const writable = tx.staticKeys.map((_, i) => isStaticWritable(tx, i));
  const loaded = { writable: [] as string[], readonly: [] as string[] };
  if (tx.lookups.length === 0) return { keys, bytes, writable, loaded };
  const tables: Uint8Array[] = [];
  for (const lookup of tx.lookups) {
    const account = svm.getAccount(bs58.decode(lookup.accountKey));
    if (!account) return { error: 'AddressLookupTableNotFound' };
    if (ownerName(account.owner()) !== 'AddressLookupTab1e1111111111111111111111111') return { error: 'InvalidAddressLookupTableOwner' };
    tables.push(account.data());
  }
  const pick = (table: Uint8Array, index: number): Uint8Array | null => {
    const start = ALT_HEADER + index * 32;
    return start + 32 <= table.length ? table.subarray(start, start + 32) : null;
  };
  for (const kind of ['writableIndexes', 'readonlyIndexes'] as const) {
    for (let t = 0; t < tx.lookups.length; t++) {
      for (const index of tx.lookups[t][kind]) {
        const key = pick(tables[t], index);
        if (!key) return { error: 'InvalidAddressLookupTableIndex' };
        const name = bs58.encode(key);
        keys.push(name);
        bytes.push(Uint8Array.from(key));
        writable.push(kind === 'writableIndexes');
        loaded[kind === 'writableIndexes' ? 'writable' : 'readonly'].push(name);
      }
    }
  }
  return { keys, bytes, writable, loaded };
}

export function snapshot(svm: LiteSvm, keys: Uint8Array[]): (Account | null)[] {
  return keys.map((k) => svm.getAccount(k));
}

const SYSTEM_OWNER = new Uint8Array(32);

/** Puts every writable account back to its `pre` state (an account that did not exist: zero lamports, gone). */
export function restore(svm: LiteSvm, keys: ResolvedKeys, pre: (Account | null)[]): void {
  keys.bytes.forEach((key, i) => {
    if (!keys.writable[i]) return;
    svm.setAccount(key, pre[i] ?? new LiteAccount(0n, new Uint8Array(0), SYSTEM_OWNER, false, 0n));
  });
}

type BuildInput = {
  svm: LiteSvm; raw: Uint8Array; tx: WireTransaction; keys: ResolvedKeys;
  pre: (Account | null)[]; post: (Account | null)[]; err: TxErrorJson | null;
  seq: bigint; slot: bigint; blockTime: bigint; fee: bigint; logs: string[]; computeUnits: bigint;
  innerInstructions: InnerInstruction[][]; returnData: StoredMeta['returnData'];
};

/** The stored form of an executed transaction, and the post-state of every account it wrote. */
export function buildRecord(input: BuildInput): { record: TxRecord; accounts: AccountRecord[] } {
  const { svm, tx, keys, pre, post, slot } = input;
  const accounts: AccountRecord[] = [];
  for (let i = 0; i < keys.keys.length; i++) {
    if (!keys.writable[i]) continue;
    const after = post[i];
    if (after ? after.executable() : !pre[i]) continue;
    accounts.push(after
      ? { address: keys.keys[i], lamports: after.lamports(), owner: ownerName(after.owner()), executable: false, rentEpoch: after.rentEpoch(), data: after.data(), updatedSlot: slot }
      : { address: keys.keys[i], lamports: 0n, owner: '11111111111111111111111111111111', executable: false, rentEpoch: 0n, data: new Uint8Array(0), updatedSlot: slot });
  }
  const innerInstructions = storedInnerInstructions(input.innerInstructions);
  const meta: StoredMeta = {
    preBalances: pre.map((a) => (a?.lamports() ?? 0n).toString()),
    postBalances: post.map((a) => (a?.lamports() ?? 0n).toString()),
    preTokenBalances: tokenBalances(svm, keys.keys, pre),
    postTokenBalances: tokenBalances(svm, keys.keys, post),
    logMessages: input.logs,
    innerInstructions,
    loadedAddresses: keys.loaded,
    returnData: input.returnData,
  };
  const record: TxRecord = {
    signature: tx.signatures[0], seq: input.seq, slot, blockTime: input.blockTime, raw: input.raw,
    accountKeys: keys.keys, err: input.err, fee: input.fee, computeUnits: input.computeUnits, meta, memo: memoOf(tx),
  };
  return { record, accounts };
}

/** LiteSVM's inner instructions as stored (and as getTransaction's `json` encoding shows them): instructions without any are left out. */
export function storedInnerInstructions(groups: InnerInstruction[][]): StoredMeta['innerInstructions'] {
  const out: StoredMeta['innerInstructions'] = [];
  groups.forEach((list, index) => {
    if (list.length === 0) return;
    out.push({
      index,
      instructions: list.map((inner) => {
        const ix = inner.instruction();
        return { programIdIndex: ix.programIdIndex(), accounts: Array.from(ix.accounts()), data: bs58.encode(ix.data()), stackHeight: inner.stackHeight() };
      }),
    });
  });
  return out;
}

/** pre/postTokenBalances entries, as a validator records them. */
export function tokenBalances(svm: LiteSvm, keys: string[], states: (Account | null)[]): unknown[] {
  const out: unknown[] = [];
  const decimalsOf = (mint: string) => {
    const index = keys.indexOf(mint);
    const state = index >= 0 ? states[index] : svm.getAccount(bs58.decode(mint));
    return state ? mintDecimals(ownerName(state.owner()), state.data()) : undefined;
  };
  states.forEach((state, accountIndex) => {
    // A program's account holds its whole ELF (hundreds of KB, copied out by data()): never a token account.
    if (!state || state.executable()) return;
    const data = state.data();
    // Token accounts are at least 165 bytes: most accounts are ruled out without decoding the owner.
    if (data.length < TOKEN_ACCOUNT_LEN) return;
    const programId = ownerName(state.owner());
    if (!isTokenProgram(programId)) return;
    const balance = parseTokenBalance(accountIndex, programId, data, decimalsOf);
    if (balance) out.push(balance);
  });
  return out;
}

/** The `memo` field of getSignaturesForAddress: "[len] text" per memo instruction, joined by "; ". */
function memoOf(tx: WireTransaction): string | null {
  const memos: string[] = [];
  for (const ix of tx.instructions) {
    const program = tx.staticKeys[ix.programIdIndex];
    if (program === MEMO_PROGRAM || program === MEMO_PROGRAM_V1) memos.push(`[${ix.data.length}] ${Buffer.from(ix.data).toString('utf8')}`);
  }
  return memos.length ? memos.join('; ') : null;
}

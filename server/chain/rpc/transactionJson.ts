import bs58 from 'bs58';
import { parseInstruction } from '../parse';
import type { StoredMeta, TxRecord } from '../ledger/store';
import { decodeWireTransaction, isStaticWritable, type WireTransaction } from '../ledger/wire';

export type TxEncoding = 'json' | 'jsonParsed' | 'base64' | 'base58';

/** A stored transaction as getTransaction renders it (EncodedConfirmedTransactionWithStatusMeta). */
export function encodeTransaction(record: TxRecord, encoding: TxEncoding, withVersion: boolean): Record<string, unknown> {
  const tx = decodeWireTransaction(record.raw);
  const parsed = encoding === 'jsonParsed';
  const m = record.meta;
  const meta: Record<string, unknown> = {
    err: record.err,
    status: record.err ? { Err: record.err } : { Ok: null },
    fee: record.fee,
    preBalances: m.preBalances.map(BigInt),
    postBalances: m.postBalances.map(BigInt),
    innerInstructions: parsed ? parsedInnerInstructions(record.accountKeys, m.innerInstructions) : m.innerInstructions,
    logMessages: m.logMessages,
    preTokenBalances: m.preTokenBalances,
    postTokenBalances: m.postTokenBalances,
    rewards: [],
    computeUnitsConsumed: record.computeUnits,
  };
  if (!parsed) meta.loadedAddresses = m.loadedAddresses;
  if (m.returnData) meta.returnData = m.returnData;
  const out: Record<string, unknown> = {
    slot: record.slot,
    blockTime: record.blockTime,
    meta,
    transaction: encodeBody(record, tx, encoding),
  };
  if (withVersion) out.version = tx.version;
  return out;
}

function encodeBody(record: TxRecord, tx: WireTransaction, encoding: TxEncoding): unknown {
  if (encoding === 'base64') return [Buffer.from(record.raw).toString('base64'), 'base64'];
  if (encoding === 'base58') return [bs58.encode(record.raw), 'base58'];
  const lookups = tx.version === 0 ? { addressTableLookups: tx.lookups } : {};
  if (encoding === 'json') {
    return {
      signatures: tx.signatures,
      message: {
        accountKeys: tx.staticKeys,
        header: tx.header,
        recentBlockhash: tx.recentBlockhash,
        instructions: tx.instructions.map((ix) => ({ programIdIndex: ix.programIdIndex, accounts: ix.accounts, data: bs58.encode(ix.data), stackHeight: null })),
        ...lookups,
      },
    };
  }
  const invoked = new Set(tx.instructions.map((ix) => ix.programIdIndex));
  const loaded = record.meta.loadedAddresses;
  const accountKeys = record.accountKeys.map((pubkey, i) => {
    const isStatic = i < tx.staticKeys.length;
    const writable = isStatic ? isStaticWritable(tx, i) && !invoked.has(i) : i - tx.staticKeys.length < loaded.writable.length;
    return { pubkey, writable, signer: i < tx.header.numRequiredSignatures, source: isStatic ? 'transaction' : 'lookupTable' };
  });
  return {
    signatures: tx.signatures,
    message: {
      accountKeys,
      recentBlockhash: tx.recentBlockhash,
      instructions: tx.instructions.map((ix) => parsedInstruction(record.accountKeys, ix.programIdIndex, ix.accounts, ix.data, null)),
      ...lookups,
    },
  };
}

/** Inner instructions as jsonParsed shows them (UiInnerInstructions::parse): parsed where a parser knows the program. */
export function parsedInnerInstructions(keys: string[], groups: StoredMeta['innerInstructions']): unknown[] {
  return groups.map((group) => ({
    index: group.index,
    instructions: group.instructions.map((ix) => parsedInstruction(keys, ix.programIdIndex, ix.accounts, bs58.decode(ix.data), ix.stackHeight)),
  }));
}

function parsedInstruction(keys: string[], programIdIndex: number, accounts: number[], data: Uint8Array, stackHeight: number | null): unknown {
  const programId = keys[programIdIndex];
  const accountKeys = accounts.map((i) => keys[i]);
  const parsed = parseInstruction(programId, accountKeys, data);
  if (parsed) return { ...parsed, stackHeight };
  return { programId, accounts: accountKeys, data: bs58.encode(data), stackHeight };
}

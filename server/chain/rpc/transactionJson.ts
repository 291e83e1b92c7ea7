import bs58 from 'bs58';
import { parseInstruction } from '../parse';
import { invalidParams } from './errors';
import type { Config } from './params';
import type { StoredMeta, TxRecord } from '../ledger/store';
import { decodeWireTransaction, isStaticWritable, wireVersion, type WireTransaction } from '../ledger/wire';

/** `binary` is Agave's deprecated legacy form: the transaction a bare base58 string (EncodedTransaction::LegacyBinary). */
export type TxEncoding = 'json' | 'jsonParsed' | 'base64' | 'base58' | 'binary';

/**
 * A u64 as a plain number where that is exact, a bigint (written exactly by stringifyRpc) past
 * 2^53: an answer without bigints can take JSON.stringify's fast path (stringifyPlain).
 */
const u64 = (value: bigint): number | bigint => (value <= MAX_SAFE ? Number(value) : value);
const u64Text = (value: string): number | bigint => u64(BigInt(value));
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/** The `encoding` of getTransaction and getBlock (json by default). */
export function transactionEncodingParam(config: Config): TxEncoding {
  const encoding = config.encoding ?? 'json';
  if (encoding === 'json' || encoding === 'jsonParsed' || encoding === 'base64' || encoding === 'base58' || encoding === 'binary') return encoding;
  throw invalidParams(`Invalid params: unknown variant \`${String(encoding)}\`, expected one of \`binary\`, \`base64\`, \`base58\`, \`json\`, \`jsonParsed\`.`);
}

/** `maxSupportedTransactionVersion`: true when the client reads v0 transactions (and wants `version`). */
export function readsVersionedParam(config: Config): boolean {
  const maxVersion = config.maxSupportedTransactionVersion;
  if (maxVersion !== undefined && maxVersion !== null && maxVersion !== 0) throw invalidParams('Invalid params: maxSupportedTransactionVersion must be 0.');
  return maxVersion === 0;
}

/** A stored transaction as getTransaction renders it (EncodedConfirmedTransactionWithStatusMeta). */
export function encodeTransaction(record: TxRecord, encoding: TxEncoding, withVersion: boolean): Record<string, unknown> {
  const { meta, transaction, version } = encodeTransactionWithMeta(record, encoding, withVersion, true);
  const out: Record<string, unknown> = { slot: record.slot, blockTime: record.blockTime, meta, transaction };
  if (withVersion) out.version = version;
  return out;
}

/**
 * The `{ transaction, meta, version }` of one transaction (EncodedTransactionWithStatusMeta):
 * getTransaction's body and one entry of getBlock's `transactions`. Without `showRewards` the
 * validator writes `"rewards": null` in the meta.
 */
export function encodeTransactionWithMeta(record: TxRecord, encoding: TxEncoding, withVersion: boolean, showRewards: boolean): Record<string, unknown> {
  const tx = decodeWireTransaction(record.raw, record);
  const parsed = encoding === 'jsonParsed';
  const m = record.meta;
  const meta: Record<string, unknown> = {
    ...metaHead(record),
    innerInstructions: parsed ? parsedInnerInstructions(record.accountKeys, m.innerInstructions) : m.innerInstructions,
    logMessages: m.logMessages,
    preTokenBalances: m.preTokenBalances,
    postTokenBalances: m.postTokenBalances,
    rewards: showRewards ? [] : null,
    computeUnitsConsumed: u64(record.computeUnits),
  };
  if (!parsed) meta.loadedAddresses = m.loadedAddresses;
  if (m.returnData) meta.returnData = m.returnData;
  const out: Record<string, unknown> = { meta, transaction: encodeBody(record, tx, encoding) };
  if (withVersion) out.version = tx.version;
  return out;
}

/**
 * getBlock's `transactionDetails: "accounts"` entry: signatures, the parsed account list and
 * the short meta the validator builds for it (no logs, inner instructions, loaded addresses).
 */
export function encodeTransactionAccounts(record: TxRecord, withVersion: boolean, showRewards: boolean): Record<string, unknown> {
  const tx = decodeWireTransaction(record.raw, record);
  const meta: Record<string, unknown> = {
    ...metaHead(record),
    preTokenBalances: record.meta.preTokenBalances,
    postTokenBalances: record.meta.postTokenBalances,
  };
  if (showRewards) meta.rewards = [];
  const out: Record<string, unknown> = { transaction: { signatures: tx.signatures, accountKeys: parsedAccountKeys(record, tx) }, meta };
  if (withVersion) out.version = tx.version;
  return out;
}

/** What every meta starts with, in the validator's order: the outcome, the fee and the SOL balances. */
function metaHead(record: TxRecord): Record<string, unknown> {
  return {
    err: record.err,
    status: record.err ? { Err: record.err } : { Ok: null },
    fee: u64(record.fee),
    preBalances: record.meta.preBalances.map(u64Text),
    postBalances: record.meta.postBalances.map(u64Text),
  };
}

/** The version a stored transaction was sent as ('legacy' or 0). */
export function transactionVersion(record: TxRecord): WireTransaction['version'] {
  return wireVersion(record.raw);
}

function encodeBody(record: TxRecord, tx: WireTransaction, encoding: TxEncoding): unknown {
  if (encoding === 'base64') return [Buffer.from(record.raw).toString('base64'), 'base64'];
  if (encoding === 'base58') return [bs58.encode(record.raw), 'base58'];
  if (encoding === 'binary') return bs58.encode(record.raw);
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
  return {
    signatures: tx.signatures,
    message: {
      accountKeys: parsedAccountKeys(record, tx),
      recentBlockhash: tx.recentBlockhash,
      instructions: tx.instructions.map((ix) => parsedInstruction(record.accountKeys, ix.programIdIndex, ix.accounts, ix.data, null)),
      ...lookups,
    },
  };
}

/** jsonParsed's account list: every key (lookup-table ones too) with writable, signer and source. */
function parsedAccountKeys(record: TxRecord, tx: WireTransaction): { pubkey: string; writable: boolean; signer: boolean; source: string }[] {
  const invoked = new Set(tx.instructions.map((ix) => ix.programIdIndex));
  const loaded = record.meta.loadedAddresses;
  return record.accountKeys.map((pubkey, i) => {
    const isStatic = i < tx.staticKeys.length;
    const writable = isStatic ? isStaticWritable(tx, i) && !invoked.has(i) : i - tx.staticKeys.length < loaded.writable.length;
    return { pubkey, writable, signer: i < tx.header.numRequiredSignatures, source: isStatic ? 'transaction' : 'lookupTable' };
  });
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

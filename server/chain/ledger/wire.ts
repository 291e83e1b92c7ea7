import bs58 from 'bs58';
import { keyName } from '../keyNames';

/** A transaction as it travels on the wire, decoded just enough to run and index it. */
export type WireTransaction = {
  signatures: string[];
  /** The message bytes the signatures cover. */
  message: Uint8Array;
  version: 'legacy' | 0;
  header: { numRequiredSignatures: number; numReadonlySignedAccounts: number; numReadonlyUnsignedAccounts: number };
  staticKeys: string[];
  staticKeyBytes: Uint8Array[];
  recentBlockhash: string;
  /** Where the blockhash sits in the full transaction bytes (simulate's replaceRecentBlockhash). */
  blockhashOffset: number;
  instructions: { programIdIndex: number; accounts: number[]; data: Uint8Array }[];
  lookups: { accountKey: string; writableIndexes: number[]; readonlyIndexes: number[] }[];
};

export class WireError extends Error {}

class Reader {
  offset = 0;
  constructor(private readonly bytes: Uint8Array) {}
  byte(): number {
    if (this.offset >= this.bytes.length) throw new WireError('unexpected end of transaction');
    return this.bytes[this.offset++];
  }
  take(n: number): Uint8Array {
    if (this.offset + n > this.bytes.length) throw new WireError('unexpected end of transaction');
    const out = this.bytes.subarray(this.offset, this.offset + n);
    this.offset += n;
    return out;
  }
  compactU16(): number {
    let value = 0;
    for (let shift = 0; shift < 21; shift += 7) {
      const b = this.byte();
      value |= (b & 0x7f) << shift;
      if ((b & 0x80) === 0) return value;
    }
    throw new WireError('bad compact-u16');
  }
  key(): string { return keyName(this.take(32)); }
  rest(): number { return this.bytes.length - this.offset; }
}

/**
 * Names a stored transaction already has (its signature, its account keys in message order):
 * re-reading it skips their base58 encoding, most of a decode's cost.
 */
export type KnownNames = { signature: string; accountKeys: string[] };

/** Decodes a serialized legacy or v0 transaction; throws WireError on malformed bytes. */
export function decodeWireTransaction(bytes: Uint8Array, known?: KnownNames): WireTransaction {
  const r = new Reader(bytes);
  const numSignatures = r.compactU16();
  const signatures: string[] = [];
  for (let i = 0; i < numSignatures; i++) {
    const signature = r.take(64);
    signatures.push(i === 0 && known ? known.signature : bs58.encode(signature));
  }
  const messageStart = r.offset;
  const first = r.byte();
  let version: 'legacy' | 0 = 'legacy';
  let headerFirst = first;
  if (first & 0x80) {
    if ((first & 0x7f) !== 0) throw new WireError(`unsupported transaction version ${first & 0x7f}`);
    version = 0;
    headerFirst = r.byte();
  }
  const header = { numRequiredSignatures: headerFirst, numReadonlySignedAccounts: r.byte(), numReadonlyUnsignedAccounts: r.byte() };
  const numKeys = r.compactU16();
  const staticKeys: string[] = [];
  const staticKeyBytes: Uint8Array[] = [];
  for (let i = 0; i < numKeys; i++) {
    const key = r.take(32);
    staticKeyBytes.push(key);
    staticKeys.push(known?.accountKeys[i] ?? keyName(key));
  }
  const blockhashOffset = r.offset;
  const recentBlockhash = r.key();
  const numInstructions = r.compactU16();
  const instructions: WireTransaction['instructions'] = [];
  for (let i = 0; i < numInstructions; i++) {
    const programIdIndex = r.byte();
    const accounts = Array.from(r.take(r.compactU16()));
    const data = r.take(r.compactU16());
    instructions.push({ programIdIndex, accounts, data });
  }
  const lookups: WireTransaction['lookups'] = [];
  if (version === 0) {
    const numLookups = r.compactU16();
    for (let i = 0; i < numLookups; i++) {
      const accountKey = r.key();
      const writableIndexes = Array.from(r.take(r.compactU16()));
      const readonlyIndexes = Array.from(r.take(r.compactU16()));
      lookups.push({ accountKey, writableIndexes, readonlyIndexes });
    }
  }
  if (r.rest() !== 0) throw new WireError('trailing bytes after transaction');
  if (numSignatures === 0 || numSignatures !== header.numRequiredSignatures) throw new WireError('signature count does not match the message header');
  if (numKeys < header.numRequiredSignatures) throw new WireError('too few account keys');
  return { signatures, message: bytes.subarray(messageStart), version, header, staticKeys, staticKeyBytes, recentBlockhash, blockhashOffset, instructions, lookups };
}

/** The version of a well-formed serialized transaction, read from its first message byte alone. */
export function wireVersion(bytes: Uint8Array): 'legacy' | 0 {
  let numSignatures = 0;
  let i = 0;
  for (let shift = 0; ; shift += 7) {
    const b = bytes[i++];
    numSignatures |= (b & 0x7f) << shift;
    if ((b & 0x80) === 0) break;
  }
  return bytes[i + numSignatures * 64] & 0x80 ? 0 : 'legacy';
}

/** Whether static key `index` is writable, by the message header's layout rules. */
export function isStaticWritable(tx: WireTransaction, index: number): boolean {
  const { numRequiredSignatures, numReadonlySignedAccounts, numReadonlyUnsignedAccounts } = tx.header;
  if (index < numRequiredSignatures) return index < numRequiredSignatures - numReadonlySignedAccounts;
  return index < tx.staticKeys.length - numReadonlyUnsignedAccounts;
}

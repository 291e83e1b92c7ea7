import { createHash } from 'node:crypto';
import bs58 from 'bs58';
import type { LiteSvm } from 'litesvm/dist/internal';
import { Account as LiteAccount } from 'litesvm';
import { SYSTEM_PROGRAM } from './programs';
import { ownerName } from './svm';
import { isStaticWritable, type WireTransaction } from './wire';

/** The System program's AdvanceNonceAccount instruction (u32 LE 4). */
const ADVANCE_NONCE = 4;
/** nonce::state::Versions::Current(State::Initialized(Data)): version 1, state 1, authority, durable nonce, lamports per signature. */
const NONCE_ACCOUNT_LEN = 80;
const AUTHORITY_OFFSET = 8;
const NONCE_OFFSET = 40;
const FEE_OFFSET = 72;

export type DurableNonceUse = { address: string; key: Uint8Array };

/**
 * The nonce account a durable-nonce transaction uses, as Agave's check decides it: the first
 * instruction is the System program's AdvanceNonceAccount on a writable static account, that
 * account is an initialized (current-version) nonce holding the transaction's blockhash, and
 * its authority signed. Such a transaction is valid without a recent blockhash.
 */
export function durableNonceOf(svm: LiteSvm, tx: WireTransaction): DurableNonceUse | undefined {
  const first = tx.instructions[0];
  if (!first || tx.staticKeys[first.programIdIndex] !== SYSTEM_PROGRAM) return undefined;
  if (first.data.length < 4 || Buffer.from(first.data).readUInt32LE(0) !== ADVANCE_NONCE) return undefined;
  const index = first.accounts[0];
  if (index === undefined || index >= tx.staticKeys.length || !isStaticWritable(tx, index)) return undefined;
  const key = tx.staticKeyBytes[index];
  const account = svm.getAccount(key);
  if (!account || ownerName(account.owner()) !== SYSTEM_PROGRAM) return undefined;
  const data = Buffer.from(account.data());
  if (data.length !== NONCE_ACCOUNT_LEN || data.readUInt32LE(0) !== 1 || data.readUInt32LE(4) !== 1) return undefined;
  if (bs58.encode(data.subarray(NONCE_OFFSET, NONCE_OFFSET + 32)) !== tx.recentBlockhash) return undefined;
  const authority = bs58.encode(data.subarray(AUTHORITY_OFFSET, AUTHORITY_OFFSET + 32));
  const signer = tx.staticKeys.slice(0, tx.header.numRequiredSignatures).includes(authority);
  return signer ? { address: tx.staticKeys[index], key } : undefined;
}

/** DurableNonce::from_blockhash: the value AdvanceNonceAccount stores for a blockhash. */
export function durableNonceFor(blockhash: string): string {
  return bs58.encode(createHash('sha256').update('DURABLE_NONCE').update(bs58.decode(blockhash)).digest());
}

/** The durable nonce an account holds now (undefined when it is not an initialized nonce account). */
export function storedNonce(svm: LiteSvm, key: Uint8Array): string | undefined {
  const account = svm.getAccount(key);
  if (!account) return undefined;
  const data = Buffer.from(account.data());
  if (data.length !== NONCE_ACCOUNT_LEN || data.readUInt32LE(4) !== 1) return undefined;
  return bs58.encode(data.subarray(NONCE_OFFSET, NONCE_OFFSET + 32));
}

/**
 * What a validator does with a durable-nonce transaction that fails: the fee is charged and
 * the nonce still advances, so the transaction can never run again. LiteSVM rolls the failed
 * instructions back, nonce included; this writes the advance.
 */
export function advanceNonce(svm: LiteSvm, key: Uint8Array, lamportsPerSignature: bigint): void {
  const account = svm.getAccount(key);
  if (!account) return;
  const data = Buffer.from(account.data());
  data.set(bs58.decode(durableNonceFor(svm.latestBlockhash())), NONCE_OFFSET);
  data.writeBigUInt64LE(lamportsPerSignature, FEE_OFFSET);
  svm.setAccount(key, new LiteAccount(account.lamports(), data, account.owner(), account.executable(), account.rentEpoch()));
}

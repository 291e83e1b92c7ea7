import bs58 from 'bs58';
import { Account, EpochSchedule, LiteSVM, Rent } from 'litesvm';
import { STAKE_CONFIG } from '../parse/config';
import { SLOTS_PER_EPOCH } from './programs';
import type { LiteSvm, Account as InternalAccount } from 'litesvm/dist/internal';
import type { AccountRecord } from './store';
import { addMeteoraPrograms } from './genesis/meteora';

/** An account as the ledger hands it out. */
export type AccountState = { lamports: bigint; owner: string; executable: boolean; rentEpoch: bigint; data: Uint8Array };

/**
 * The LiteSVM engine with the settings the ledger needs: the standard builtins and SPL
 * programs (Token-2022, Associated Token Account, Memo), Meteora's DBC and DAMM v2 at their
 * mainnet addresses, no blockhash check and no transaction history of its own: the ledger
 * checks blockhash age and duplicates itself.
 */
export function createSvm(): LiteSvm {
  const svm = new LiteSVM().withBlockhashCheck(false).withTransactionHistory(0n);
  // The byte-level API: transactions arrive serialised, so there is nothing to gain from kit objects.
  const inner = (svm as unknown as { inner: LiteSvm }).inner;
  // The EpochSchedule sysvar says what getEpochSchedule says: fixed epochs, no warm-up.
  inner.setEpochSchedule(new EpochSchedule(SLOTS_PER_EPOCH, SLOTS_PER_EPOCH, false, 0n, 0n));
  // Rent as Agave 2.2 states it (3,480 lamports per byte-year, a 2-year threshold); LiteSVM states the
  // same minimum balances as 6,960 and 1 (SIMD-0194's folded form), which code reading the fields misreads.
  inner.setRent(new Rent(3480n, 2, 50));
  setStakeConfig(inner);
  addMeteoraPrograms(inner);
  return inner;
}

/**
 * The stake config account as a validator's genesis writes it: no config keys (a short_vec, one
 * byte), warm-up/cool-down rate 0.25, slash penalty 12. LiteSVM's own copy counts its keys with a
 * u64, which agave's decoder (and so jsonParsed) reads as a rate and penalty of 0.
 */
function setStakeConfig(svm: LiteSvm): void {
  const key = bs58.decode(STAKE_CONFIG);
  const account = svm.getAccount(key);
  if (!account) return;
  const data = Buffer.alloc(10);
  data.writeDoubleLE(0.25, 1);
  data.writeUInt8(12, 9);
  svm.setAccount(key, new Account(account.lamports(), data, account.owner(), false, account.rentEpoch()));
}

const ownerNames = new Map<string, string>();

/** base58 of an owner key, cached: a handful of programs own nearly every account. */
export function ownerName(bytes: Uint8Array): string {
  const hex = Buffer.from(bytes).toString('hex');
  let name = ownerNames.get(hex);
  if (!name) {
    name = bs58.encode(bytes);
    if (ownerNames.size < 10_000) ownerNames.set(hex, name);
  }
  return name;
}

export function readAccount(svm: LiteSvm, key: Uint8Array): AccountState | null {
  return accountStateOf(svm.getAccount(key));
}

/** A LiteSVM account as the RPC sees it: one without lamports does not exist. */
export function accountStateOf(a: InternalAccount | null): AccountState | null {
  if (!a) return null;
  const lamports = a.lamports();
  if (lamports === 0n) return null;
  return { lamports, owner: ownerName(a.owner()), executable: a.executable(), rentEpoch: a.rentEpoch(), data: a.data() };
}

export function writeAccount(svm: LiteSvm, record: AccountRecord): void {
  svm.setAccount(bs58.decode(record.address), new Account(record.lamports, record.data, bs58.decode(record.owner), record.executable, record.rentEpoch));
}

/** A 32-byte public key from base58, or null when the text is not one. */
export function decodeAddress(address: string): Uint8Array | null {
  try {
    const bytes = bs58.decode(address);
    return bytes.length === 32 ? bytes : null;
  } catch {
    return null;
  }
}

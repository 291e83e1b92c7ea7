import bs58 from 'bs58';
import type { LiteSvm, Account } from 'litesvm/dist/internal';
import { ownerName } from './svm';

/** SIMD-0186: every loaded account costs 64 bytes of metadata on top of its data. */
const TRANSACTION_ACCOUNT_BASE_SIZE = 64;
/** SIMD-0186: each address lookup table a transaction uses costs a full table (8192) plus its 56-byte header. */
const ADDRESS_LOOKUP_TABLE_BASE_SIZE = 8248;
const UPGRADEABLE_LOADER = 'BPFLoaderUpgradeab1e11111111111111111111111';
const INSTRUCTIONS_SYSVAR = 'Sysvar1nstructions1111111111111111111111111';
/** UpgradeableLoaderState::Program: a u32 tag (2) then the programdata address. */
const PROGRAM_STATE_TAG = 2;

/**
 * The transaction's loaded accounts data size as Agave's account loader counts it
 * (load_transaction_accounts_simd186): each lookup table, each existing account key (the
 * instructions sysvar, built by the runtime, and missing accounts count nothing), and the
 * programdata behind each loader-v3 program, once, unless the transaction names it itself.
 */
export function loadedAccountsDataSize(svm: LiteSvm, keys: string[], accounts: (Account | null)[], lookupTables: number): number {
  let size = lookupTables * ADDRESS_LOOKUP_TABLE_BASE_SIZE;
  const programData = new Set<string>();
  accounts.forEach((account, i) => {
    if (!account || keys[i] === INSTRUCTIONS_SYSVAR) return;
    size += TRANSACTION_ACCOUNT_BASE_SIZE + account.data().length;
    const extra = programDataAddress(account);
    if (!extra || keys.includes(extra) || programData.has(extra)) return;
    const data = svm.getAccount(bs58.decode(extra));
    if (!data) return;
    programData.add(extra);
    size += TRANSACTION_ACCOUNT_BASE_SIZE + data.data().length;
  });
  return size;
}

function programDataAddress(account: Account): string | undefined {
  if (ownerName(account.owner()) !== UPGRADEABLE_LOADER) return undefined;
  const data = account.data();
  if (data.length < 36 || new DataView(data.buffer, data.byteOffset, 4).getUint32(0, true) !== PROGRAM_STATE_TAG) return undefined;
  return bs58.encode(data.subarray(4, 36));
}

import bs58 from 'bs58';
import { isTokenProgram } from './programs';

const ACCOUNT_LEN = 165;
const MINT_LEN = 82;

/** A token account's base fields, or null when the data is not an initialised token account. */
export function readTokenAccount(owner: string, data: Uint8Array): { mint: string; owner: string; amount: bigint } | null {
  if (!isTokenProgram(owner) || data.length < ACCOUNT_LEN) return null;
  if (data.length > ACCOUNT_LEN && data[ACCOUNT_LEN] !== 2) return null;
  if (data[108] === 0) return null; // state: uninitialized
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  return { mint: bs58.encode(data.subarray(0, 32)), owner: bs58.encode(data.subarray(32, 64)), amount: view.getBigUint64(64, true) };
}

/** A token account's delegate (COption<Pubkey> at offset 72), or null when it has none. */
export function readTokenDelegate(data: Uint8Array): string | null {
  if (data.length < ACCOUNT_LEN || data[72] !== 1) return null;
  return bs58.encode(data.subarray(76, 108));
}

/** A mint's supply and decimals, or null when the data is not an initialised mint. */
export function readMint(owner: string, data: Uint8Array): { supply: bigint; decimals: number } | null {
  if (!isTokenProgram(owner) || data.length < MINT_LEN) return null;
  if (data.length > MINT_LEN && (data.length <= ACCOUNT_LEN || data[ACCOUNT_LEN] !== 1)) return null;
  if (data[45] === 0) return null; // is_initialized
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  return { supply: view.getBigUint64(36, true), decimals: data[44] };
}

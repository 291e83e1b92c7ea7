import {
  ACCOUNT_SIZE, MINT_SIZE, MULTISIG_SIZE, unpackAccount, unpackMint, unpackMultisig,
  type Account, type Mint, type Multisig,
} from '@solana/spl-token';
import { PublicKey } from '@solana/web3.js';
import { isTokenProgram } from './programs';

// Rust's StateWithExtensions rules, on top of the JS unpackers (which skip some checks).
const ACCOUNT_TYPE_MINT = 1;
const ACCOUNT_TYPE_ACCOUNT = 2;
const STATE_OFFSET = 108;
const MINT_INITIALIZED_OFFSET = 45;

function info(owner: string, data: Uint8Array) {
  return { data: Buffer.from(data.buffer, data.byteOffset, data.byteLength), owner: new PublicKey(owner), lamports: 0, executable: false };
}

/** An initialized SPL Token / Token-2022 token account, or null (the real node's unpack failing). */
export function decodeTokenAccount(owner: string, data: Uint8Array): Account | null {
  if (!isTokenProgram(owner) || data.length < ACCOUNT_SIZE || data.length === MULTISIG_SIZE) return null;
  const state = data[STATE_OFFSET];
  if (state !== 1 && state !== 2) return null;
  if (data.length > ACCOUNT_SIZE && data[ACCOUNT_SIZE] !== ACCOUNT_TYPE_ACCOUNT) return null;
  try {
    return unpackAccount(PublicKey.default, info(owner, data), new PublicKey(owner));
  } catch {
    return null;
  }
}

/** An initialized mint, or null. */
export function decodeMint(owner: string, data: Uint8Array): Mint | null {
  if (!isTokenProgram(owner) || data.length < MINT_SIZE || data.length === MULTISIG_SIZE) return null;
  if (data[MINT_INITIALIZED_OFFSET] !== 1) return null;
  if (data.length > MINT_SIZE) {
    if (data.length <= ACCOUNT_SIZE || data[ACCOUNT_SIZE] !== ACCOUNT_TYPE_MINT) return null;
    if (data.subarray(MINT_SIZE, ACCOUNT_SIZE).some((b) => b !== 0)) return null;
  }
  try {
    return unpackMint(PublicKey.default, info(owner, data), new PublicKey(owner));
  } catch {
    return null;
  }
}

export function decodeMultisig(owner: string, data: Uint8Array): Multisig | null {
  if (!isTokenProgram(owner) || data.length !== MULTISIG_SIZE) return null;
  try {
    const multisig = unpackMultisig(PublicKey.default, info(owner, data), new PublicKey(owner));
    return multisig.isInitialized ? multisig : null;
  } catch {
    return null;
  }
}

/** A mint's decimals from its account data (for building a `decimalsOf` lookup). */
export function mintDecimals(owner: string, data: Uint8Array): number | undefined {
  return decodeMint(owner, data)?.decimals;
}

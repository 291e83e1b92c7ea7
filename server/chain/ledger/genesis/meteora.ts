// Meteora's Dynamic Bonding Curve and DAMM v2 in the local ledger's genesis (issue 36), at their
// mainnet addresses, with the three accounts their launch and migration paths need that a
// validator's genesis (or Meteora, on mainnet) provides. On devnet and mainnet the deployed
// programs are used and none of this is written.

import fs from 'node:fs';
import path from 'node:path';
import bs58 from 'bs58';
import type { LiteSvm } from 'litesvm/dist/internal';
import type { AccountRecord } from '../store';
import { SYSTEM_PROGRAM, TOKEN_PROGRAM } from '../programs';

export const DBC_PROGRAM = 'dbcij3LWUppWqq96dh6gJWwBifmcGfLSB5D4DuSMaqN';
export const DAMM_V2_PROGRAM = 'cpamdpZCGKUy5JxQXB4dcpGPiikHawvSWAd6mEn1sGG';
/** The wrapped-SOL mint every validator's genesis has (classic Token program): DBC quotes in it. */
export const NATIVE_MINT = 'So11111111111111111111111111111111111111112';
/** DBC's pool authority: inside a migration it pays the DAMM v2 pool's rent, as Meteora funds it on mainnet. */
export const DBC_POOL_AUTHORITY = 'FhVo3mqL8PW5pH5U2CN4XE33DokiyZnUwuGpH2hmHLuM';
/** DAMM v2's pool authority: it owns every DAMM v2 pool's vaults (the cp-amm SDK's derivePoolAuthority). */
export const DAMM_V2_POOL_AUTHORITY = 'HLnpSz9h2S4hiLQ43rnSD9XkcUThA7B8hQMKmDaiTLcC';
/** The DAMM v2 dynamic config DBC's 'Customizable' migration option names (the SDK's DAMM_V2_MIGRATION_FEE_ADDRESS[6]). */
export const DAMM_V2_CUSTOMIZABLE_CONFIG = 'A8gMrEPJkacWkcb3DGwtJwTe16HktSEfvwtuDh2MCtck';

// The published binaries (provenance and licence: README.md beside them).
const BINARIES: [string, string][] = [[DBC_PROGRAM, 'dynamic_bonding_curve.so'], [DAMM_V2_PROGRAM, 'cp_amm.so']];

let loaded: [Uint8Array, Uint8Array][] | undefined;

/** Loads both programs into a fresh engine (30 ms; read from disk once per process). */
export function addMeteoraPrograms(svm: LiteSvm): void {
  loaded ??= BINARIES.map(([id, file]) => [bs58.decode(id), new Uint8Array(fs.readFileSync(path.join(import.meta.dirname, file)))]);
  for (const [id, bytes] of loaded) svm.addProgram(id, bytes);
}

/** Rent-exempt lamports for `size` bytes (the rent sysvar's defaults: 3,480 lamports a byte-year, two years). */
const rentExempt = (size: number) => BigInt((128 + size) * 3480 * 2);

// A Token mint's 82 bytes: no mint authority, supply 0, 9 decimals, initialized, no freeze authority.
function nativeMintData(): Uint8Array {
  const data = new Uint8Array(82);
  data[44] = 9;
  data[45] = 1;
  return data;
}

/**
 * DAMM v2's Config account as the cp-amm SDK's IDL encodes it (`dammConfig.test.ts` encodes it
 * again and compares): dynamic (config_type 1), usable only by DBC's pool authority, activation
 * by timestamp, fees collected in both tokens, the full price range, protocol and referral shares
 * 20%, no base fee of its own (a Customizable migration sets the pool's fee).
 */
export const DAMM_V2_CONFIG_DATA = Buffer.from(
  'mwyq4B76zIIAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAANpjaB9yhrzIBnGeLCtQogFXJDv8lmixFSC8U4Q+3NsIAAAAAAAAAAAAAA'
  + 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAUABQAAAAAAAAAAAAA'
  + 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAABAAEAAAAAAAAAAAAAAAAAUDsBAAEAAAAAAAAAAAAAAJtXaU6pGlyEscT+/wAAAA'
  + 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA==',
  'base64',
);

/** The pool authority's SOL: each migration spends about 0.003 SOL of it. */
const POOL_AUTHORITY_LAMPORTS = 100_000n * 1_000_000_000n;

/** The genesis accounts these programs need, as the store keeps accounts. */
export function meteoraGenesisAccounts(): AccountRecord[] {
  const account = (address: string, owner: string, data: Uint8Array, lamports = rentExempt(data.length)): AccountRecord => ({
    address, lamports, owner, executable: false, rentEpoch: 2n ** 64n - 1n, data, updatedSlot: 0n,
  });
  return [
    account(NATIVE_MINT, TOKEN_PROGRAM, nativeMintData()),
    account(DBC_POOL_AUTHORITY, SYSTEM_PROGRAM, new Uint8Array(0), POOL_AUTHORITY_LAMPORTS),
    account(DAMM_V2_CUSTOMIZABLE_CONFIG, DAMM_V2_PROGRAM, new Uint8Array(DAMM_V2_CONFIG_DATA)),
  ];
}

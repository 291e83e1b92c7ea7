// The RecentBlockhashes sysvar as a validator keeps it: up to 150 entries, newest first, each a
// blockhash and its fee calculator, in an account of the fixed size Agave allocates (8 + 150 × 40
// bytes), holding its rent-exempt minimum. LiteSVM keeps one entry, its own blockhash.

import bs58 from 'bs58';
import { Account } from 'litesvm';
import type { LiteSvm } from 'litesvm/dist/internal';
import { SYSVAR_RECENT_BLOCKHASHES_PUBKEY } from '@solana/web3.js';
import { LAMPORTS_PER_SIGNATURE } from './programs';

const MAX_ENTRIES = 150;
const ENTRY_BYTES = 40;
const ACCOUNT_BYTES = 8 + MAX_ENTRIES * ENTRY_BYTES;
const SYSVAR_OWNER = bs58.decode('Sysvar1111111111111111111111111111111111111');
const ADDRESS = SYSVAR_RECENT_BLOCKHASHES_PUBKEY.toBytes();

/** Writes the sysvar for the tip `slot`: the blockhashes of it and the slots before it, down to `firstSlot`. */
export function setRecentBlockhashes(svm: LiteSvm, slot: bigint, firstSlot: bigint, blockhashAt: (slot: bigint) => string): void {
  const data = Buffer.alloc(ACCOUNT_BYTES);
  let count = 0;
  for (let s = slot; s >= firstSlot && s >= 0n && count < MAX_ENTRIES; s--, count++) {
    const at = 8 + count * ENTRY_BYTES;
    data.set(bs58.decode(blockhashAt(s)), at);
    data.writeBigUInt64LE(LAMPORTS_PER_SIGNATURE, at + 32);
  }
  data.writeBigUInt64LE(BigInt(count), 0);
  const lamports = svm.minimumBalanceForRentExemption(BigInt(ACCOUNT_BYTES));
  svm.setAccount(ADDRESS, new Account(lamports, data, SYSVAR_OWNER, false, 0n));
}

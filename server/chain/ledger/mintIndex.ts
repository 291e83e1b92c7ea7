// Token accounts by mint, so a scan for one mint's accounts (holders, withheld fees, the
// largest accounts) reads those accounts instead of the whole token program: with many
// campaigns the whole-program scan per trade dominated everything else.

import bs58 from 'bs58';
import { isTokenProgram } from './programs';

/** A token account's mint is its first 32 bytes; a mint or any other account of the program is indexed by its own first 32 bytes. */
const MINT_BYTES = 32;

type Scan = (program: string) => { address: string; data: Uint8Array }[];

/**
 * Per token program, every account address keyed by its first 32 bytes: the set a memcmp
 * filter at offset 0 would match. Built by one scan on first use, then grown from every
 * account a transaction writes. Entries are never removed (an account closed or rewritten
 * stays listed): callers read each listed account and check it, so a stale entry costs a
 * read and a missing one cannot happen.
 */
export class MintIndex {
  private readonly programs = new Map<string, Map<string, Set<string>>>();

  constructor(private readonly scan: Scan) {}

  /** Addresses that may hold `mint` in their first 32 bytes (a superset; read and check each). */
  candidates(program: string, mint: Uint8Array): Iterable<string> {
    return this.of(program).get(bs58.encode(mint.subarray(0, MINT_BYTES))) ?? [];
  }

  /** Records accounts as a transaction left them (owner, data). */
  note(accounts: Iterable<{ address: string; owner: string; data: Uint8Array }>): void {
    for (const a of accounts) {
      const index = this.programs.get(a.owner);
      if (index) add(index, a.address, a.data);
    }
  }

  private of(program: string): Map<string, Set<string>> {
    let index = this.programs.get(program);
    if (!index) {
      index = new Map();
      if (isTokenProgram(program)) for (const a of this.scan(program)) add(index, a.address, a.data);
      this.programs.set(program, index);
    }
    return index;
  }
}

function add(index: Map<string, Set<string>>, address: string, data: Uint8Array): void {
  if (data.length < MINT_BYTES) return;
  const key = bs58.encode(data.subarray(0, MINT_BYTES));
  let set = index.get(key);
  if (!set) index.set(key, set = new Set());
  set.add(address);
}

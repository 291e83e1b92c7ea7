import { ByteReader, NotParsable, u64Number } from './reader';

export type ParsedInstructionBody = { type: string; info?: Record<string, unknown> };

function need(accounts: string[], n: number): void {
  if (accounts.length < n) throw new NotParsable('too few accounts');
}

/** agave parse_system.rs: the bincode SystemInstruction (u32 tag) with its accounts named. */
export function parseSystemInstruction(accounts: string[], data: Uint8Array): ParsedInstructionBody {
  const r = new ByteReader(data);
  const tag = r.u32();
  const a = accounts;
  switch (tag) {
    case 0: {
      const lamports = r.u64(); const space = r.u64(); const owner = r.pubkey();
      need(a, 2);
      return { type: 'createAccount', info: { source: a[0], newAccount: a[1], lamports: u64Number(lamports), space: u64Number(space), owner } };
    }
    case 1: {
      const owner = r.pubkey();
      need(a, 1);
      return { type: 'assign', info: { account: a[0], owner } };
    }
    case 2: {
      const lamports = r.u64();
      need(a, 2);
      return { type: 'transfer', info: { source: a[0], destination: a[1], lamports: u64Number(lamports) } };
    }
    case 3: {
      const base = r.pubkey(); const seed = r.bincodeString(); const lamports = r.u64(); const space = r.u64(); const owner = r.pubkey();
      need(a, 2);
      return {
        type: 'createAccountWithSeed',
        info: { source: a[0], newAccount: a[1], base, seed, lamports: u64Number(lamports), space: u64Number(space), owner },
      };
    }
    case 4:
      need(a, 3);
      return { type: 'advanceNonce', info: { nonceAccount: a[0], recentBlockhashesSysvar: a[1], nonceAuthority: a[2] } };
    case 5: {
      const lamports = r.u64();
      need(a, 5);
      return {
        type: 'withdrawFromNonce',
        info: { nonceAccount: a[0], destination: a[1], recentBlockhashesSysvar: a[2], rentSysvar: a[3], nonceAuthority: a[4], lamports: u64Number(lamports) },
      };
    }
    case 6: {
      const authority = r.pubkey();
      need(a, 3);
      return { type: 'initializeNonce', info: { nonceAccount: a[0], recentBlockhashesSysvar: a[1], rentSysvar: a[2], nonceAuthority: authority } };
    }
    case 7: {
      const authority = r.pubkey();
      need(a, 2);
      return { type: 'authorizeNonce', info: { nonceAccount: a[0], nonceAuthority: a[1], newAuthorized: authority } };
    }
    case 8: {
      const space = r.u64();
      need(a, 1);
      return { type: 'allocate', info: { account: a[0], space: u64Number(space) } };
    }
    case 9: {
      const base = r.pubkey(); const seed = r.bincodeString(); const space = r.u64(); const owner = r.pubkey();
      need(a, 2);
      return { type: 'allocateWithSeed', info: { account: a[0], base, seed, space: u64Number(space), owner } };
    }
    case 10: {
      const base = r.pubkey(); const seed = r.bincodeString(); const owner = r.pubkey();
      need(a, 2);
      return { type: 'assignWithSeed', info: { account: a[0], base, seed, owner } };
    }
    case 11: {
      const lamports = r.u64(); const sourceSeed = r.bincodeString(); const sourceOwner = r.pubkey();
      need(a, 3);
      return {
        type: 'transferWithSeed',
        info: { source: a[0], sourceBase: a[1], destination: a[2], lamports: u64Number(lamports), sourceSeed, sourceOwner },
      };
    }
    case 12:
      need(a, 1);
      return { type: 'upgradeNonce', info: { nonceAccount: a[0] } };
    case 13: {
      const lamports = r.u64(); const space = r.u64(); const owner = r.pubkey();
      if (lamports === 0n) {
        need(a, 1);
        return { type: 'createAccountAllowPrefund', info: { newAccount: a[0], space: u64Number(space), owner } };
      }
      need(a, 2);
      return {
        type: 'createAccountAllowPrefund',
        info: { newAccount: a[0], source: a[1], lamports: u64Number(lamports), space: u64Number(space), owner },
      };
    }
    default:
      throw new NotParsable('unknown system instruction');
  }
}

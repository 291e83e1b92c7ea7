import { NotParsable } from './reader';
import { needAccounts } from './signers';
import type { ParsedInstructionBody } from './system';

/** agave parse_associated_token.rs: empty data is the legacy Create, else a one-byte borsh enum. */
export function parseAssociatedTokenInstruction(accounts: string[], data: Uint8Array): ParsedInstructionBody {
  if (data.length > 1) throw new NotParsable('trailing bytes');
  const kind = data.length === 0 ? 0 : data[0];
  const a = accounts;
  switch (kind) {
    case 0:
    case 1:
      needAccounts(a, 6);
      return {
        type: kind === 0 ? 'create' : 'createIdempotent',
        info: { source: a[0], account: a[1], wallet: a[2], mint: a[3], systemProgram: a[4], tokenProgram: a[5] },
      };
    case 2:
      needAccounts(a, 7);
      return {
        type: 'recoverNested',
        info: { nestedSource: a[0], nestedMint: a[1], destination: a[2], nestedOwner: a[3], ownerMint: a[4], wallet: a[5], tokenProgram: a[6] },
      };
    default:
      throw new NotParsable('unknown associated token instruction');
  }
}

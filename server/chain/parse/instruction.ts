import { parseAssociatedTokenInstruction } from './associatedToken';
import { ASSOCIATED_TOKEN_PROGRAM, MEMO_PROGRAM, MEMO_PROGRAM_V1, SYSTEM_PROGRAM, isTokenProgram } from './programs';
import { NotParsable, utf8 } from './reader';
import { parseSystemInstruction, type ParsedInstructionBody } from './system';
import { parseTokenInstruction } from './token';

/** A jsonParsed instruction as a real node renders it (the caller adds stackHeight). */
export type ParsedInstruction = { program: string; programId: string; parsed: unknown };

/**
 * Parses one instruction the way agave's solana-transaction-status does. `accounts` are the
 * instruction's accounts already resolved to base58 addresses. Returns null where a real
 * node would fall back to a PartiallyDecodedInstruction (unknown program, bad data, too
 * few accounts); Compute Budget is not parsed by real nodes either.
 */
export function parseInstruction(programId: string, accounts: string[], data: Uint8Array): ParsedInstruction | null {
  try {
    if (programId === SYSTEM_PROGRAM) return wrap('system', programId, parseSystemInstruction(accounts, data));
    if (isTokenProgram(programId)) return wrap('spl-token', programId, parseTokenInstruction(accounts, data));
    if (programId === ASSOCIATED_TOKEN_PROGRAM) {
      return wrap('spl-associated-token-account', programId, parseAssociatedTokenInstruction(accounts, data));
    }
    if (programId === MEMO_PROGRAM || programId === MEMO_PROGRAM_V1) {
      return { program: 'spl-memo', programId, parsed: utf8(data) };
    }
    return null;
  } catch (error) {
    if (error instanceof NotParsable) return null;
    throw error;
  }
}

function wrap(program: string, programId: string, body: ParsedInstructionBody): ParsedInstruction {
  // serde skips a null `info`; every instruction parsed here has one.
  return { program, programId, parsed: { type: body.type, ...(body.info ? { info: body.info } : {}) } };
}

// Anchor `emit_cpi!` events read back from one landed transaction: the program calls itself with
// the 8-byte event-ix tag, the event's discriminator and its Borsh fields, signed by its event
// authority PDA, and the call stays in the transaction's inner instructions for anyone to read.
//
// Why such an event can be trusted, and a look-alike cannot: Anchor's generated handler for the
// tag (`__event_dispatch`, lang/syn codegen/program/handlers.rs; DAMM v2's pinocchio entrypoint,
// `p_event_dispatch` in programs/cp-amm/src/entrypoint.rs, does the same) fails the instruction
// unless its first account is the program's own `["__event_authority"]` PDA AND that account
// signed. A PDA has no private key: only the program it derives from can sign for it, with
// `invoke_signed` and its seeds, and that signature reaches only the instruction the program
// itself invokes (here, itself; the runtime lets no program it calls call back into it). So in a
// transaction that succeeded, an inner instruction to the real program id whose first account is
// its event authority is an event that program emitted, whoever sent the transaction. Bytes that
// look like an event anywhere else (another program's instruction, an outer instruction, a CPI
// to the real program without that signature) are either not read here or failed the whole
// transaction, and a failed transaction proves nothing: none of its effects happened.

import type { BorshEventCoder } from '@coral-xyz/anchor';
import { PublicKey, type VersionedTransactionResponse } from '@solana/web3.js';
import bs58 from 'bs58';

const EVENT_IX_TAG = Buffer.from('e445a52e51cb9a1d', 'hex');

/** An Anchor program's `emit_cpi!` event authority. */
export const eventAuthorityOf = (programId: string) =>
  PublicKey.findProgramAddressSync([Buffer.from('__event_authority')], new PublicKey(programId))[0].toBase58();

/** One instruction of the transaction, outer or inner, in execution order. */
export type FlatInstruction = {
  programId: string;
  accounts: string[];
  data: Uint8Array;
  /** The outer instruction it belongs to. */
  instructionIndex: number;
  /** Its place among that outer instruction's inner instructions; null for the outer one itself. */
  innerIndex: number | null;
  /** 1 for an outer instruction; null when the node did not say. */
  stackHeight: number | null;
  /** Index in the flat list of the instruction that invoked it; null for an outer one. */
  parent: number | null;
};

/** Every instruction that ran, outer ones followed by what each invoked, each with its caller. */
export function flattenInstructions(tx: VersionedTransactionResponse): FlatInstruction[] {
  const { message } = tx.transaction;
  const keys = message.version === 'legacy'
    ? message.getAccountKeys()
    : message.getAccountKeys({ accountKeysFromLookups: tx.meta?.loadedAddresses ?? undefined });
  const key = (index: number) => {
    const found = keys.get(index);
    if (!found) throw new Error(`Account index ${index} is outside the transaction's ${keys.length} keys`);
    return found.toBase58();
  };
  const flat: FlatInstruction[] = [];
  message.compiledInstructions.forEach((ix, instructionIndex) => {
    const outer = flat.length;
    flat.push({
      programId: key(ix.programIdIndex), accounts: ix.accountKeyIndexes.map(key), data: ix.data,
      instructionIndex, innerIndex: null, stackHeight: 1, parent: null,
    });
    const group = tx.meta?.innerInstructions?.find((g) => g.index === instructionIndex);
    group?.instructions.forEach((inner, innerIndex) => {
      const stackHeight = (inner as { stackHeight?: number | null }).stackHeight ?? null;
      const entry: FlatInstruction = {
        programId: key(inner.programIdIndex), accounts: inner.accounts.map(key), data: bs58.decode(inner.data),
        instructionIndex, innerIndex, stackHeight, parent: null,
      };
      entry.parent = callerOf(flat, outer, entry);
      flat.push(entry);
    });
  });
  return flat;
}

// The caller is the last instruction before it one level up the stack. Without stack heights
// (older nodes) an event's caller is the last instruction of the same program that is not itself
// an event: a program's self-CPI is always made by its own running instruction.
function callerOf(flat: FlatInstruction[], outer: number, entry: FlatInstruction): number {
  for (let i = flat.length - 1; i >= outer; i--) {
    const candidate = flat[i];
    if (entry.stackHeight !== null && candidate.stackHeight !== null) {
      if (candidate.stackHeight === entry.stackHeight - 1) return i;
    } else if (candidate.programId === entry.programId && !hasEventTag(candidate.data)) {
      return i;
    }
  }
  return outer;
}

const hasEventTag = (data: Uint8Array) => data.length >= 16 && EVENT_IX_TAG.equals(data.subarray(0, 8));

export type ProgramEvent = { name: string; data: Record<string, unknown>; caller: number };

/**
 * The events `programId` emitted, if the transaction succeeded (the caller checks `meta.err`):
 * inner instructions to the program, carrying the event tag, whose first account is its event
 * authority (see the top of this file). Events the coder's IDL does not know are left out.
 */
export function programEvents(flat: FlatInstruction[], programId: string, eventAuthority: string, coder: BorshEventCoder): ProgramEvent[] {
  const events: ProgramEvent[] = [];
  for (const ix of flat) {
    if (ix.parent === null || ix.programId !== programId || ix.accounts[0] !== eventAuthority || !hasEventTag(ix.data)) continue;
    const event = coder.decode(Buffer.from(ix.data.subarray(8)).toString('base64'));
    if (event) events.push({ name: event.name, data: event.data as Record<string, unknown>, caller: ix.parent });
  }
  return events;
}

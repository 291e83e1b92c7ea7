import type { Account } from 'litesvm/dist/internal';
import { accountStateOf, type AccountState } from './svm';

/**
 * Recent account history, so a read at `finalized` answers the root's state as a validator's
 * root bank does: for each slot of the last few dozen, every account written in it with its
 * state before that slot's first write (LiteSVM's own copy, converted only when read). The
 * state of an account at the end of slot S is then its state before the first write after S,
 * or the current state when nothing wrote it since.
 */
export class AccountVersions {
  private readonly bySlot = new Map<bigint, Map<string, Account | null>>();

  /** `address` is about to be written in `slot`; `before` is its state now (null: none). */
  note(slot: bigint, address: string, before: Account | null): void {
    let written = this.bySlot.get(slot);
    if (!written) { written = new Map(); this.bySlot.set(slot, written); }
    if (!written.has(address)) written.set(address, before);
  }

  /** The account at the end of `slot` when a later write changed it; undefined when its current state is the answer. */
  at(address: string, slot: bigint): AccountState | null | undefined {
    // Slots come in ascending order (the clock only moves forward): the first later write is the one.
    for (const [s, written] of this.bySlot) {
      if (s <= slot) continue;
      const before = written.get(address);
      if (before !== undefined) return accountStateOf(before);
    }
    return undefined;
  }

  /** Every account written after `slot`, with its state at the end of `slot` (null: it did not exist). */
  changedAfter(slot: bigint): Map<string, AccountState | null> {
    const out = new Map<string, AccountState | null>();
    for (const [s, written] of this.bySlot) {
      if (s <= slot) continue;
      for (const [address, before] of written) if (!out.has(address)) out.set(address, accountStateOf(before));
    }
    return out;
  }

  /** The accounts written in `slot` (first write first). */
  writtenIn(slot: bigint): Iterable<string> {
    return this.bySlot.get(slot)?.keys() ?? [];
  }

  /** Forgets the slots before `oldest`: reads never ask below the root. */
  prune(oldest: bigint): void {
    for (const s of this.bySlot.keys()) {
      if (s >= oldest) break;
      this.bySlot.delete(s);
    }
  }
}

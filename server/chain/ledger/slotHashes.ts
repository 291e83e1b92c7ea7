/** The SlotHashes sysvar's length on a validator (MAX_ENTRIES). */
export const SLOT_HASHES_MAX = 512;

export type SlotHashEntry = { slot: bigint; hash: string };

/**
 * The SlotHashes sysvar for `slot`, newest first, reusing the previous list's entries. It also
 * holds the current slot (a validator's starts at the parent): this ledger answers getSlot with
 * the current slot at every commitment, and a lookup table created from that answer must work.
 */
export function slotHashesFor(slot: bigint, previous: SlotHashEntry[], hashAt: (slot: bigint) => string): SlotHashEntry[] {
  const known = new Map(previous.map((e) => [e.slot, e.hash]));
  const out: SlotHashEntry[] = [];
  for (let s = slot; s >= 0n && out.length < SLOT_HASHES_MAX; s--) out.push({ slot: s, hash: known.get(s) ?? hashAt(s) });
  return out;
}

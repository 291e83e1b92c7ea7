import { createHash } from 'node:crypto';
import bs58 from 'bs58';
import { MAX_BLOCKHASH_AGE } from './programs';

/**
 * How far behind the tip blockhashes are kept: a bank as old as the root (32 slots back) still
 * knows the 150 before it, so a client asking at `finalized` gets that bank's answer.
 */
const KEPT_BEHIND = MAX_BLOCKHASH_AGE + 64n;

/** Where the clock was (re)started: slot `slot` began at `unixMs`, and each later slot `slotMs` after it. */
export type ClockAnchor = { slot: string; unixMs: number };

/**
 * Ledger time: the slot follows the wall clock (one slot every `slotMs`), and each slot's
 * blockhash is derived from a per-ledger seed, so the blockhashes handed out before a
 * restart stay valid (or expire) exactly as they would have without it.
 *
 * Every slot the clock passes is a block (blocks with no transactions are empty, as on a
 * cluster), so a slot's time is fixed by the anchor the clock ran from: the genesis, each
 * start and each warp (`anchors`, stored by the ledger so block times survive restarts).
 */
export class SlotClock {
  private baseSlot: bigint;
  private baseMs: number;
  private current: bigint;
  private readonly hashes = new Map<string, bigint>();
  private readonly bySlot = new Map<bigint, string>();
  private readonly anchorList: { slot: bigint; unixMs: number }[];

  constructor(private readonly seed: Buffer, startSlot: bigint, readonly slotMs: number, private readonly now: () => number, past: ClockAnchor[] = []) {
    this.baseSlot = startSlot;
    this.baseMs = now();
    this.current = startSlot;
    this.anchorList = past.map((a) => ({ slot: BigInt(a.slot), unixMs: a.unixMs })).filter((a) => a.slot < startSlot);
    this.anchorList.sort((a, b) => (a.slot < b.slot ? -1 : 1));
    this.anchorList.push({ slot: startSlot, unixMs: this.baseMs });
    for (let s = startSlot - KEPT_BEHIND; s <= startSlot; s++) if (s >= 0n) this.remember(s);
  }

  get slot(): bigint { return this.current; }

  /** Moves to the slot the wall clock says; returns true when the slot changed. */
  advance(): boolean {
    const due = this.baseSlot + BigInt(Math.floor((this.now() - this.baseMs) / this.slotMs));
    if (due <= this.current) return false;
    for (let s = this.current + 1n; s <= due; s++) this.remember(s);
    this.current = due;
    const oldest = due - KEPT_BEHIND;
    for (const [slot, hash] of this.bySlot) {
      if (slot >= oldest) break;
      this.bySlot.delete(slot);
      this.hashes.delete(hash);
    }
    return true;
  }

  /** Jumps ahead (tests); never backwards. */
  warp(slot: bigint): void {
    if (slot <= this.current) return;
    this.baseSlot = slot;
    this.baseMs = this.now();
    this.anchorList.push({ slot, unixMs: this.baseMs });
    for (let s = slot - KEPT_BEHIND; s <= slot; s++) if (s > this.current) this.remember(s);
    this.current = slot;
    this.advance();
  }

  blockhashAt(slot: bigint): string {
    const known = this.bySlot.get(slot);
    if (known) return known;
    const buf = Buffer.alloc(8);
    buf.writeBigUInt64LE(slot);
    return bs58.encode(createHash('sha256').update(this.seed).update(buf).digest());
  }

  get latestBlockhash(): { blockhash: string; lastValidBlockHeight: bigint } {
    return { blockhash: this.blockhashAt(this.current), lastValidBlockHeight: this.current + MAX_BLOCKHASH_AGE };
  }

  /**
   * The slot a blockhash belongs to if a bank at slot `at` (the tip unless given) takes it: handed
   * out at or before `at` and at most 150 slots older; undefined otherwise.
   */
  blockhashSlot(blockhash: string, at: bigint = this.current): bigint | undefined {
    const slot = this.hashes.get(blockhash);
    if (slot === undefined || slot > at || at - slot > MAX_BLOCKHASH_AGE) return undefined;
    return slot;
  }

  get genesisHash(): string { return this.blockhashAt(0n); }

  /** Every anchor so far, oldest first (what the ledger stores). */
  get anchors(): ClockAnchor[] { return this.anchorList.map((a) => ({ slot: a.slot.toString(), unixMs: a.unixMs })); }

  /**
   * When a slot began, in unix seconds (a block's `blockTime`); undefined for a slot not reached
   * yet. A slot the clock jumped over (a warp, or the time the ledger was down) never runs later
   * than the anchor after it, so block times never go backwards.
   */
  slotTime(slot: bigint): number | undefined {
    if (slot > this.current) return undefined;
    let i = this.anchorList.length - 1;
    while (i > 0 && this.anchorList[i].slot > slot) i--;
    const anchor = this.anchorList[i];
    let ms = anchor.unixMs + Number(slot - anchor.slot) * this.slotMs;
    const next = this.anchorList[i + 1];
    if (next) ms = Math.min(ms, next.unixMs);
    return Math.floor(ms / 1000);
  }

  private remember(slot: bigint): void {
    const hash = this.blockhashAt(slot);
    this.bySlot.set(slot, hash);
    this.hashes.set(hash, slot);
  }
}

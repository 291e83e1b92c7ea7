// The newest getSignaturesForAddress entries of recently asked-for addresses, in memory.
// A wallet or page asks for the same addresses' newest history again and again; reading
// a thousand rows from the database each time costs more than the request allows. The
// store appends every committed batch (write-through), loads an address on first ask
// (read-through), and answers from memory only when the cached window covers the query.

export type HistoryEntry = { seq: bigint; slot: bigint; json: string };

/**
 * What a read sees: entries up to slot `highest`, those above `root` marked `confirmed`
 * (every entry's text says `finalized`). Without one, everything, as stored.
 */
export type HistoryView = { highest: bigint; root: bigint };

const FINALIZED_TAIL = '"finalized"}';
const MAX_RENDERED = 32;

/** The entry's text as the view sees it, or undefined when it is above the view's highest slot. */
export function entryInView(entry: HistoryEntry, view: HistoryView | undefined): string | undefined {
  if (!view || entry.slot <= view.root) return entry.json;
  if (entry.slot > view.highest) return undefined;
  return `${entry.json.slice(0, -FINALIZED_TAIL.length)}"confirmed"}`;
}

type Window = {
  /** Oldest first. */
  entries: HistoryEntry[];
  /** The address's whole history (it has fewer entries than the window holds). */
  complete: boolean;
};

export class AddressHistoryCache {
  private readonly windows = new Map<string, Window>();
  private total = 0;
  /** Moves on every committed batch: a load that saw one move cannot tell what it missed. */
  private generation = 0;
  /**
   * Per window, the last page rendered while every entry was finalized, by its bounds: a wallet
   * or page polling the same history gets the same text until the window changes (append drops
   * it). Least recently rendered first; at most MAX_RENDERED (a page is up to ~180 KB of text).
   */
  private readonly rendered = new Map<Window, { key: string; text: string }>();

  constructor(readonly windowSize = 1000, private readonly maxEntries = 300_000) {}

  get currentGeneration(): number { return this.generation; }

  /** A committed batch, in seq order. Only addresses already cached are extended. */
  append(records: { seq: bigint; slot: bigint; accountKeys: string[]; json: string }[]): void {
    this.generation++;
    for (const record of records) {
      for (const address of new Set(record.accountKeys)) {
        const window = this.windows.get(address);
        if (!window) continue;
        window.entries.push({ seq: record.seq, slot: record.slot, json: record.json });
        this.rendered.delete(window);
        this.total++;
        if (window.entries.length > this.windowSize) {
          window.entries.shift();
          window.complete = false;
          this.total--;
        }
      }
    }
  }

  /** Stores a window read from the database, unless a batch committed while it was read. */
  store(address: string, newestFirst: HistoryEntry[], loadedAtGeneration: number): void {
    if (loadedAtGeneration !== this.generation) return;
    this.drop(address);
    const entries = [...newestFirst].reverse();
    this.windows.set(address, { entries, complete: entries.length < this.windowSize });
    this.total += entries.length;
    for (const [oldest, window] of this.windows) {
      if (this.total <= this.maxEntries || oldest === address) break;
      this.total -= window.entries.length;
      this.windows.delete(oldest);
      this.rendered.delete(window);
    }
  }

  /**
   * The page as JSON text (newest first; bounds exclusive), or null when the cached window
   * does not hold all of it (the caller asks the database).
   */
  page(address: string, limit: number, beforeSeq?: bigint, untilSeq?: bigint, view?: HistoryView): string | null {
    const window = this.windows.get(address);
    if (!window) return null;
    // Most recently used last, so eviction takes the coldest address first.
    this.windows.delete(address);
    this.windows.set(address, window);
    const { entries } = window;
    // Once the root has passed the newest entry every view renders the window the same way.
    const settled = !view || (entries.length > 0 && entries[entries.length - 1]!.slot <= view.root);
    const key = `${limit}:${beforeSeq ?? ''}:${untilSeq ?? ''}`;
    const kept = this.rendered.get(window);
    if (settled && kept?.key === key) return kept.text;
    const out: string[] = [];
    for (let i = entries.length - 1; i >= 0 && out.length < limit; i--) {
      const entry = entries[i]!;
      if (beforeSeq !== undefined && entry.seq >= beforeSeq) continue;
      if (untilSeq !== undefined && entry.seq <= untilSeq) break;
      const json = entryInView(entry, view);
      if (json !== undefined) out.push(json);
    }
    const floor = window.entries[0]?.seq;
    const covered = out.length === limit || window.complete
      || (floor !== undefined && untilSeq !== undefined && untilSeq >= floor - 1n);
    if (!covered) return null;
    const text = `[${out.join(',')}]`;
    if (settled) this.remember(window, key, text);
    return text;
  }

  has(address: string): boolean { return this.windows.has(address); }

  private remember(window: Window, key: string, text: string): void {
    this.rendered.delete(window);
    this.rendered.set(window, { key, text });
    for (const oldest of this.rendered.keys()) {
      if (this.rendered.size <= MAX_RENDERED) break;
      this.rendered.delete(oldest);
    }
  }

  private drop(address: string): void {
    const window = this.windows.get(address);
    if (!window) return;
    this.total -= window.entries.length;
    this.windows.delete(address);
    this.rendered.delete(window);
  }
}

/** One entry exactly as getSignaturesForAddress renders it. */
export function historyEntryJson(r: { signature: string; slot: bigint; blockTime: bigint; err: unknown; memo: string | null }): string {
  return `{"signature":"${r.signature}","slot":${r.slot},"err":${r.err == null ? 'null' : JSON.stringify(r.err)},`
    + `"memo":${r.memo == null ? 'null' : JSON.stringify(r.memo)},"blockTime":${r.blockTime},"confirmationStatus":"finalized"}`;
}

import type { LocalLedger } from '../ledger/ledger';

/** Rendered blocks kept per ledger; about 32 MB of JSON text at most. */
const MAX_CHARS = 32 * 1024 * 1024;
const MAX_BLOCKS = 256;

/**
 * getBlock answers as JSON text, newest used last. A finished block never changes (nothing lands
 * in a slot once it is behind the clock and all its transactions are durable), so its rendering
 * is reused as is: an explorer's visitors and an indexer's retries read the same recent blocks.
 */
class RenderedBlocks {
  private readonly entries = new Map<string, string>();
  private chars = 0;

  get(key: string): string | undefined {
    const text = this.entries.get(key);
    if (text === undefined) return undefined;
    this.entries.delete(key);
    this.entries.set(key, text);
    return text;
  }

  set(key: string, text: string): void {
    if (text.length > MAX_CHARS) return;
    const old = this.entries.get(key);
    if (old !== undefined) { this.entries.delete(key); this.chars -= old.length; }
    this.entries.set(key, text);
    this.chars += text.length;
    for (const [k, v] of this.entries) {
      if (this.chars <= MAX_CHARS && this.entries.size <= MAX_BLOCKS) break;
      this.entries.delete(k);
      this.chars -= v.length;
    }
  }
}

const caches = new WeakMap<LocalLedger, RenderedBlocks>();

export function renderedBlocks(ledger: LocalLedger): RenderedBlocks {
  let cache = caches.get(ledger);
  if (!cache) { cache = new RenderedBlocks(); caches.set(ledger, cache); }
  return cache;
}

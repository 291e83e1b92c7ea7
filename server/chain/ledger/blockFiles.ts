import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { BlockEntries } from './store';

export type BlockEncoding = 'json' | 'parsed';
export type BlockFile = { list: Buffer; blockTime: bigint };
type Committed = { slot: bigint; seq: bigint; blockTime: bigint; entries: BlockEntries };

const FORMAT = 'cmb1';
/** Files per directory: a long-lived ledger has millions of non-empty slots. */
const SLOTS_PER_DIR = 10_000n;
/** File writes in flight, at most: a slow disk never holds more than this many blocks in memory. */
const MAX_WRITES_IN_FLIGHT = 128;
/** A day of 400 ms slots (env LEDGER_BLOCK_FILE_SLOTS): at ten transactions a second, about 2 GB of files. */
export const DEFAULT_KEEP_SLOTS = 216_000;

/**
 * A finished block's stored entries (`ledger_block_entries`, joined in order) kept as a file
 * beside the database, as a validator keeps its blockstore on local disk: getBlock of a full
 * slot then reads about a megabyte of bytes from the page cache and writes them to the socket,
 * where the database would decode them into a string first (and a worker's garbage collector
 * would pause on it). The database stays the truth: a missing or damaged file is read from it
 * again, and written back. Files live under the ledger's genesis hash, so a database reset
 * (a new genesis) never meets an old chain's blocks.
 *
 * The ledger's own commits fill a slot's entries in memory and write its files once the slot
 * is a finished block; slots begun before this process opened the ledger are left to the
 * read-back path (their first transactions were committed by an earlier process).
 *
 * Only the newest `keepSlots` slots keep files, as a validator limits its ledger's size: each
 * time the tip enters a new directory the directories wholly older than that are removed, and
 * so are other geneses' (a reset chain's). An older block is read from the database, and not
 * written back.
 */
export class BlockFiles {
  private dir: string | undefined;
  private firstWholeSlot = -1n;
  private readonly open = new Map<bigint, Committed[]>();
  private writes = 0;
  private readonly inFlight = new Set<Promise<void>>();
  private closed = false;
  private readonly keepSlots: bigint;
  /** The directory the tip was in when files were last pruned. */
  private prunedAtDir = -1n;
  /** Slots below this keep no file. */
  private oldestKept = 0n;

  constructor(private readonly root: string, private readonly log: FastifyBaseLogger, options: { keepSlots?: number } = {}) {
    this.keepSlots = BigInt(options.keepSlots ?? DEFAULT_KEEP_SLOTS);
  }

  /** The ledger `genesisHash` is open at `slot`: every transaction of a later slot will pass through `committed`. */
  start(genesisHash: string, slot: bigint): void {
    this.dir = path.join(this.root, genesisHash);
    this.firstWholeSlot = slot + 1n;
    this.prune(slot);
  }

  /** Transactions now durable in the database, with the entries stored for them. */
  committed(items: Committed[]): void {
    if (!this.dir) return;
    for (const item of items) {
      if (item.slot < this.firstWholeSlot) continue;
      let list = this.open.get(item.slot);
      if (!list) { list = []; this.open.set(item.slot, list); }
      list.push(item);
    }
  }

  /** Every slot up to `lastBlock` is a finished block: its transactions are all here, so its files are written. */
  finish(lastBlock: bigint): void {
    this.prune(lastBlock);
    for (const [slot, items] of this.open) {
      if (slot > lastBlock) continue;
      this.open.delete(slot);
      if (this.inFlight.size >= MAX_WRITES_IN_FLIGHT) continue;
      items.sort((a, b) => (a.seq < b.seq ? -1 : a.seq > b.seq ? 1 : 0));
      const blockTime = items[0].blockTime;
      this.save(slot, 'json', items.map((i) => i.entries.json).join(','), blockTime);
      this.save(slot, 'parsed', items.map((i) => i.entries.parsed).join(','), blockTime);
    }
  }

  /**
   * Writes nothing more and waits for the writes in flight: after this the directory is
   * left alone (a process that removes it on the way out would otherwise race a rename).
   */
  async close(): Promise<void> {
    this.closed = true;
    this.open.clear();
    while (this.inFlight.size > 0) await Promise.all([...this.inFlight]);
  }

  /** A finished block's entries as stored, or null when no file has them (the database does). */
  async read(slot: bigint, encoding: BlockEncoding): Promise<BlockFile | null> {
    if (!this.dir) return null;
    let bytes: Buffer;
    try {
      bytes = await fs.readFile(this.fileOf(slot, encoding));
    } catch {
      return null;
    }
    const end = bytes.indexOf(10);
    const header = end < 0 ? [] : bytes.subarray(0, end).toString('latin1').split(' ');
    if (header.length !== 3 || header[0] !== FORMAT || !/^\d+$/.test(header[1]) || !/^\d+$/.test(header[2])) return null;
    const list = bytes.subarray(end + 1);
    // A torn or truncated file (a crash mid-write on a file system without atomic renames): the database answers.
    if (list.length !== Number(header[2])) return null;
    return { list, blockTime: BigInt(header[1]) };
  }

  /** Writes a finished block's entries (in the background: a failure only means the database answers next time). */
  save(slot: bigint, encoding: BlockEncoding, list: string, blockTime: bigint): void {
    if (!this.dir || this.closed || list === '' || slot < this.oldestKept) return;
    const file = this.fileOf(slot, encoding);
    const body = Buffer.from(list);
    const temp = `${file}.${process.pid}-${++this.writes}.tmp`;
    const write = fs.mkdir(path.dirname(file), { recursive: true })
      .then(() => fs.writeFile(temp, Buffer.concat([Buffer.from(`${FORMAT} ${blockTime} ${body.length}\n`), body])))
      .then(() => fs.rename(temp, file))
      .catch((err: unknown) => {
        this.log.warn({ err, slot: slot.toString() }, 'block file not written: the database serves this block');
        return fs.rm(temp, { force: true }).catch(() => {});
      })
      .finally(() => { this.inFlight.delete(write); });
    this.inFlight.add(write);
  }

  /** Once per directory the tip enters: removes what is older than the newest `keepSlots` (in the background). */
  private prune(tip: bigint): void {
    const tipDir = tip / SLOTS_PER_DIR;
    const dir = this.dir;
    if (!dir || this.closed || tipDir === this.prunedAtDir) return;
    this.prunedAtDir = tipDir;
    const oldestKept = tip - this.keepSlots;
    this.oldestKept = oldestKept;
    const work = (async () => {
      for (const name of await fs.readdir(this.root).catch(() => [] as string[])) {
        const other = path.join(this.root, name);
        if (other !== dir) await fs.rm(other, { recursive: true, force: true });
      }
      for (const name of await fs.readdir(dir).catch(() => [] as string[])) {
        // A directory holds slots [n, n + 1) * SLOTS_PER_DIR: gone once its newest slot is.
        if (/^\d+$/.test(name) && (BigInt(name) + 1n) * SLOTS_PER_DIR <= oldestKept) {
          await fs.rm(path.join(dir, name), { recursive: true, force: true });
        }
      }
    })()
      .catch((err: unknown) => this.log.warn({ err }, 'old block files not removed'))
      .finally(() => { this.inFlight.delete(work); });
    this.inFlight.add(work);
  }

  private fileOf(slot: bigint, encoding: BlockEncoding): string {
    return path.join(this.dir!, String(slot / SLOTS_PER_DIR), `${slot}.${encoding}`);
  }
}

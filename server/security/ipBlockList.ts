import { count, max } from 'drizzle-orm';
import { parseIpAddress, parseIpRange, rangeContains, type IpRange } from '../../core/ipAddress';
import { ipBlocks } from '../db/schema';
import { EVENTS_MISSED } from '../events/hub';
import type { Services } from '../services';

export const IP_BLOCKS_CHANGED = 'ip_blocks_changed';
// The fallback when a NOTIFY is missed (a dropped listener connection): every process
// notices a change within this long anyway.
const POLL_MS = 500;
// Verdicts remembered per address between changes; a flood of distinct addresses only
// clears the memo, it never grows without bound.
const MEMO_MAX = 10_000;

/**
 * This process's copy of the ip_blocks table, so the per-request check is a memo lookup
 * (or a scan of the ranges in memory), never a query. It reloads on the ip_blocks_changed
 * event (PostgreSQL NOTIFY reaches every process) and when a cheap poll of (count, max id)
 * sees the table differ: ids only grow, so any insert or delete changes that pair.
 */
export class IpBlockList {
  private ranges: IpRange[] = [];
  private fingerprint = '';
  private readonly memo = new Map<string, boolean>();
  private timer: ReturnType<typeof setInterval> | undefined;
  private unsubscribe: (() => void) | undefined;
  private loading: Promise<void> | undefined;
  private readonly listeners = new Set<() => void>();

  constructor(private readonly services: Pick<Services, 'db' | 'events' | 'log'>, private readonly pollMs = POLL_MS) {}

  async start(): Promise<void> {
    await this.reload();
    this.unsubscribe = this.services.events.subscribe((event) => {
      if (event.type === IP_BLOCKS_CHANGED || event.type === EVENTS_MISSED) void this.reload().catch((err: unknown) => this.services.log.warn({ err }, 'ip block list reload failed'));
    });
    this.timer = setInterval(() => {
      void this.pollOnce().catch((err: unknown) => this.services.log.warn({ err }, 'ip block list poll failed'));
    }, this.pollMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.unsubscribe?.();
  }

  /** Calls `listener` after every load (open websockets are checked again then); returns the unsubscribe. */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => { this.listeners.delete(listener); };
  }

  /** Is this request address inside a blocked address or range? */
  isBlocked(ip: string): boolean {
    // request.ip is undefined when the socket is already gone: nothing to answer then.
    if (this.ranges.length === 0 || !ip) return false;
    const known = this.memo.get(ip);
    if (known !== undefined) return known;
    const address = parseIpAddress(ip);
    const blocked = address !== null && this.ranges.some((range) => rangeContains(range, address));
    if (this.memo.size >= MEMO_MAX) this.memo.clear();
    this.memo.set(ip, blocked);
    return blocked;
  }

  /** Loads the table now; concurrent callers share one load that starts after their call. */
  async reload(): Promise<void> {
    const previous = this.loading ?? Promise.resolve();
    const next = previous.catch(() => {}).then(() => this.load());
    this.loading = next;
    try { await next; } finally { if (this.loading === next) this.loading = undefined; }
  }

  private async pollOnce(): Promise<void> {
    if (this.loading) return;
    if ((await this.readFingerprint()) !== this.fingerprint) await this.reload();
  }

  private async readFingerprint(): Promise<string> {
    const [row] = await this.services.db.select({ n: count(), top: max(ipBlocks.id) }).from(ipBlocks);
    return fingerprintOf(row?.n ?? 0, row?.top ?? 0);
  }

  private async load(): Promise<void> {
    // The fingerprint comes from the very rows loaded: read by a separate query, a change
    // landing between the two reads could pair the new rows with the old fingerprint, and
    // undoing that change would then look like no change to the poll.
    const rows = await this.services.db.select({ id: ipBlocks.id, address: ipBlocks.address }).from(ipBlocks);
    const top = rows.reduce((most, r) => Math.max(most, r.id), 0);
    this.ranges = rows.map((r) => parseIpRange(r.address)).filter((r): r is IpRange => r !== null);
    this.fingerprint = fingerprintOf(rows.length, top);
    this.memo.clear();
    for (const listener of this.listeners) listener();
  }
}

// The poll compares this pair with the one the last load saw: both must write it alike.
function fingerprintOf(rowCount: number, topId: number): string {
  return `${rowCount}:${topId}`;
}

const lists = new WeakMap<Services, IpBlockList>();

export function registerIpBlockList(services: Services, list: IpBlockList): void {
  lists.set(services, list);
}

/** This process's list (undefined in an app built without the guard). */
export function ipBlockListOf(services: Services): IpBlockList | undefined {
  return lists.get(services);
}

/** After a write: reload this process's list now (other processes hear the event). */
export async function refreshIpBlocks(services: Services): Promise<void> {
  await lists.get(services)?.reload();
}

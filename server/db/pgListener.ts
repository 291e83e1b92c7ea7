import type { Client } from 'pg';

// After a lost connection: the first reconnect this soon, then doubling up to the cap.
const RETRY_FIRST_MS = 100;
const RETRY_MAX_MS = 5000;

type Channel = { payloads: Set<(payload: string) => void>; resumed: Set<() => void> };

/**
 * This process's LISTEN connection to PostgreSQL: one connection of its own (a pooled one
 * would lose its LISTENs when returned), shared by every channel. A connection that is
 * lost (a database restart or failover, a killed backend, a network cut) is replaced, with
 * backoff, and every channel is listened to again; each channel's `onResumed` callbacks then
 * hear that notifications sent in between were missed. Without this a process stayed deaf
 * to every other process's events until it restarted.
 */
export class PgListener {
  private client: Client | undefined;
  private connecting: Promise<Client> | undefined;
  private readonly channels = new Map<string, Channel>();
  private failures = 0;
  private retry: ReturnType<typeof setTimeout> | undefined;
  private closed = false;

  constructor(private readonly newClient: () => Client) {}

  async listen(channel: string, onPayload: (payload: string) => void, onResumed?: () => void): Promise<() => Promise<void>> {
    let entry = this.channels.get(channel);
    const fresh = !entry;
    if (!entry) {
      entry = { payloads: new Set(), resumed: new Set() };
      this.channels.set(channel, entry);
    }
    entry.payloads.add(onPayload);
    if (onResumed) entry.resumed.add(onResumed);
    try {
      const client = await this.connected();
      // LISTEN is idempotent: a connection made meanwhile may have listened to it already.
      if (fresh) await client.query(listenSql(channel));
    } catch (err) {
      if (fresh) this.channels.delete(channel);
      throw err;
    }
    const { payloads, resumed } = entry;
    return async () => {
      payloads.delete(onPayload);
      if (onResumed) resumed.delete(onResumed);
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retry);
    const client = this.client ?? await this.connecting?.catch(() => undefined);
    this.client = undefined;
    await client?.end().catch(() => {});
  }

  /** The live connection, or the one being made (the first call makes it). */
  private connected(): Promise<Client> {
    if (this.client) return Promise.resolve(this.client);
    this.connecting ??= this.connect().finally(() => { this.connecting = undefined; });
    return this.connecting;
  }

  private async connect(): Promise<Client> {
    const client = this.newClient();
    client.on('notification', (message) => {
      for (const fn of this.channels.get(message.channel)?.payloads ?? []) fn(message.payload ?? '');
    });
    // pg emits 'error' and then 'end' for a lost connection; 'error' must have a listener or it throws.
    const lost = () => {
      if (this.client !== client) return;
      this.client = undefined;
      this.reconnectLater();
    };
    client.on('error', lost);
    client.on('end', lost);
    try {
      await client.connect();
      for (const channel of this.channels.keys()) await client.query(listenSql(channel));
    } catch (err) {
      await client.end().catch(() => {});
      throw err;
    }
    if (this.closed) {
      await client.end().catch(() => {});
      throw new Error('listener closed');
    }
    this.client = client;
    return client;
  }

  private reconnectLater(): void {
    if (this.closed || this.retry) return;
    const delay = Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** this.failures);
    this.retry = setTimeout(() => {
      this.retry = undefined;
      this.connected().then(() => {
        this.failures = 0;
        for (const { resumed } of this.channels.values()) for (const fn of resumed) fn();
      }, () => {
        this.failures += 1;
        this.reconnectLater();
      });
    }, delay);
    this.retry.unref();
  }
}

const listenSql = (channel: string) => `LISTEN "${channel.replace(/"/g, '')}"`;

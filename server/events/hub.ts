import type { Database } from '../db/client';

export const EVENTS_CHANNEL = 'causemint_events';
/**
 * Sent by a process to its own subscribers (and so its browsers) when its lost LISTEN
 * connection was replaced: other processes' events of the gap were missed, so whatever
 * they would have refreshed is refreshed now.
 */
export const EVENTS_MISSED = 'events_missed';

/** Live events for browsers. Types are snake_case nouns in the past tense. */
export type AppEvent = { type: string; [key: string]: unknown };

/**
 * Fans events out to this process's subscribers. Publishing goes through PostgreSQL
 * NOTIFY, so every process sharing the database (and so every browser) hears it.
 */
export class EventHub {
  private readonly subscribers = new Set<(event: AppEvent) => void>();
  private unlisten: (() => Promise<void>) | undefined;

  constructor(private readonly database: Database) {}

  async start(): Promise<void> {
    this.unlisten = await this.database.listen(EVENTS_CHANNEL, (payload) => {
      let event: AppEvent;
      try { event = JSON.parse(payload) as AppEvent; } catch { return; }
      this.deliver(event);
    }, () => this.deliver({ type: EVENTS_MISSED }));
  }

  private deliver(event: AppEvent): void {
    for (const fn of this.subscribers) fn(event);
  }

  async publish(event: AppEvent): Promise<void> {
    await this.database.notify(EVENTS_CHANNEL, JSON.stringify(event));
  }

  subscribe(fn: (event: AppEvent) => void): () => void {
    this.subscribers.add(fn);
    return () => { this.subscribers.delete(fn); };
  }

  get subscriberCount(): number { return this.subscribers.size; }

  async stop(): Promise<void> {
    await this.unlisten?.();
    this.subscribers.clear();
  }
}

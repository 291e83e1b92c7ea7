import type { WebSocket } from 'ws';
import { stringifyRpc } from '../rpc/json';
import { WorkSlice } from '../rpc/yielding';

// At most this many sends per turn of the event loop (and never more than WorkSlice's few ms).
const SENDS_PER_TURN = 256;
// A client that reads nothing while we keep writing is cut off rather than held in memory.
const MAX_BUFFERED_BYTES = 16 * 1024 * 1024;

/** One notification's result, shared by every subscription it goes to and stringified once. */
export class SharedResult {
  private json: string | undefined;

  constructor(private readonly result: unknown) {}

  get text(): string {
    this.json ??= stringifyRpc(this.result);
    return this.json;
  }
}

export type Delivery = {
  socket: WebSocket;
  method: string;
  subscription: number;
  result: SharedResult;
  /** Still wanted when sent? (an unsubscribe in between drops it) */
  live: () => boolean;
};

/**
 * Notifications waiting to go out, in one FIFO: a commit with thousands of subscribers is
 * sent a slice at a time with a turn of the event loop between slices, so HTTP requests
 * and timers run meanwhile; one queue for everything keeps each subscription's
 * notifications in commit order.
 */
export class NotificationOutbox {
  private items: Delivery[] = [];
  private head = 0;
  private draining = false;
  private closed = false;

  /** Notifications queued and not yet sent. */
  get pending(): number {
    return this.items.length - this.head;
  }

  push(delivery: Delivery): void {
    if (this.closed) return;
    this.items.push(delivery);
    if (this.draining) return;
    // Started once the caller has queued the whole commit, so that the first slice is its first few hundred.
    this.draining = true;
    queueMicrotask(() => void this.drain());
  }

  close(): void {
    this.closed = true;
    this.items = [];
    this.head = 0;
  }

  private async drain(): Promise<void> {
    const slice = new WorkSlice();
    try {
      let sent = 0;
      while (this.head < this.items.length) {
        if (sent >= SENDS_PER_TURN || slice.due) {
          await slice.yieldTurn();
          sent = 0;
          this.compact();
          continue;
        }
        const delivery = this.items[this.head++];
        sent += 1;
        try { send(delivery); } catch { delivery.socket.terminate(); }
      }
      this.items = [];
      this.head = 0;
    } finally {
      this.draining = false;
    }
  }

  // Sent items are dropped from the front now and then, so the array never only grows.
  private compact(): void {
    if (this.head > 1024 && this.head * 2 > this.items.length) {
      this.items = this.items.slice(this.head);
      this.head = 0;
    }
  }
}

function send({ socket, method, subscription, result, live }: Delivery): void {
  if (socket.readyState !== socket.OPEN || !live()) return;
  if (socket.bufferedAmount > MAX_BUFFERED_BYTES) {
    socket.terminate();
    return;
  }
  socket.send(`{"jsonrpc":"2.0","method":"${method}","params":{"result":${result.text},"subscription":${subscription}}}`);
}

import type { RawData } from 'ws';
import { isSubscribe, isUnsubscribe } from '../pubsub/limits';
import type { JsonRpcCall } from './jsonRpc';

type Message = { id?: unknown; result?: unknown; method?: unknown; params?: { subscription?: unknown; result?: { value?: unknown } } };

/**
 * The subscriptions one relayed connection holds upstream, counted from what passes
 * through: a subscribe counts from the moment it is sent (so a burst cannot pass the cap
 * before the cluster answers), until the cluster refuses it, it is unsubscribed, or (a
 * signature subscription) its one notification arrives.
 */
export class RelayedSubscriptions {
  private readonly live = new Set<string>();
  // Subscribes awaiting their answer, by request id (a client may reuse an id: each one counts).
  private readonly subscribing = new Map<string, number>();
  private waiting = 0;
  private readonly unsubscribing = new Map<string, string>();

  get count(): number {
    return this.live.size + this.waiting;
  }

  /** A call on its way upstream. */
  sent(call: JsonRpcCall & { method: string }): void {
    const id = keyOf(call.id);
    if (isSubscribe(call.method)) {
      this.subscribing.set(id, (this.subscribing.get(id) ?? 0) + 1);
      this.waiting += 1;
    }
    else if (isUnsubscribe(call.method) && Array.isArray(call.params)) this.unsubscribing.set(id, keyOf(call.params[0]));
  }

  /** A message from upstream (answers and notifications alike). */
  received(data: RawData): void {
    // Only answers we wait for and signature notifications change the count: everything
    // else (account data, logs) passes without being parsed here.
    const text = data.toString();
    if (this.subscribing.size === 0 && this.unsubscribing.size === 0 && !text.includes('"signatureNotification"')) return;
    let parsed: unknown;
    try { parsed = JSON.parse(text); } catch { return; }
    for (const message of (Array.isArray(parsed) ? parsed : [parsed]) as Message[]) {
      if (message && typeof message === 'object') this.receivedOne(message);
    }
  }

  private receivedOne(message: Message): void {
    if (message.method === 'signatureNotification') {
      // 'receivedSignature' (enableReceivedNotification) is not the end of the subscription.
      if (message.params?.result?.value !== 'receivedSignature') this.live.delete(keyOf(message.params?.subscription));
      return;
    }
    const id = keyOf(message.id);
    const waitingForId = this.subscribing.get(id);
    if (waitingForId !== undefined) {
      if (waitingForId > 1) this.subscribing.set(id, waitingForId - 1);
      else this.subscribing.delete(id);
      this.waiting -= 1;
      if (typeof message.result === 'number' || typeof message.result === 'string') this.live.add(keyOf(message.result));
      return;
    }
    const unsubscribed = this.unsubscribing.get(id);
    if (unsubscribed !== undefined) {
      this.unsubscribing.delete(id);
      if (message.result === true) this.live.delete(unsubscribed);
    }
  }
}

// Ids may be numbers or strings: 1 and '1' are different ids.
function keyOf(value: unknown): string {
  return `${typeof value}:${String(value)}`;
}

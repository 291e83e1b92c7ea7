import type { WebSocket } from 'ws';
import type { AccountEncoding } from '../rpc/encoding';
import type { AccountFilter } from '../rpc/programFilters';

/** What a PubSub connection can subscribe to: each kind's `<kind>Subscribe`, `<kind>Unsubscribe` and `<kind>Notification`. */
export type Kind = 'signature' | 'account' | 'slot' | 'logs' | 'program' | 'root' | 'slotsUpdates';
export type Connection = { socket: WebSocket; ip: string; subs: Set<Subscription> };
export type Status = { slot: bigint; err: unknown };
export type Subscription = {
  id: number; kind: Kind; conn: Connection; key?: string; encoding?: AccountEncoding; mentions?: string; live: boolean;
  filters?: AccountFilter[];
  /** A signature subscription whose id is not answered yet holds its notification here until it is. */
  unanswered?: boolean; early?: Status;
  /**
   * commitment 'finalized': a signature is notified once its landed transaction is rooted,
   * ROOT_DEPTH slots on; an account or program watch hears of a slot's writes, and a logs
   * subscription of a slot's transactions, once it is rooted.
   */
  awaitsRoot?: boolean; landed?: Status;
  /** signatureSubscribe's `enableReceivedNotification`: a 'receivedSignature' notification when the transaction arrives. */
  received?: boolean;
};

export const NOTIFICATION: Record<Kind, string> = {
  signature: 'signatureNotification', account: 'accountNotification', slot: 'slotNotification', logs: 'logsNotification',
  program: 'programNotification', root: 'rootNotification', slotsUpdates: 'slotsUpdatesNotification',
};
export const SUBSCRIBE_METHODS = new Set(Object.keys(NOTIFICATION).map((kind) => `${kind}Subscribe`));
export const UNSUBSCRIBE_METHODS = new Set(Object.keys(NOTIFICATION).map((kind) => `${kind}Unsubscribe`));

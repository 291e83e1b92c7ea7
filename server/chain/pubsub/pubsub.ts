import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import type { LocalLedger } from '../ledger/ledger';
import type { AccountRecord, TxRecord } from '../ledger/store';
import type { RpcContext } from '../rpc/context';
import { commitmentOf } from '../rpc/commitment';
import { accountEncoding } from '../rpc/encoding';
import { INTERNAL_ERROR, INVALID_PARAMS, METHOD_NOT_FOUND, PARSE_ERROR, RpcError } from '../rpc/errors';
import { stringifyRpc } from '../rpc/json';
import { configParam, pubkeyParam, signatureParam } from '../rpc/params';
import { isRooted, rootOf } from '../rpc/signatureStatus';
import { accountNotifications } from './accountNotifications';
import { logsFilter } from './logsFilter';
import { pumpMessages } from './messagePump';
import { programNotifications, programWatchOf, type ProgramWatch } from './programNotifications';
import { SlotProgress, type Ended } from './slotProgress';
import { NOTIFICATION, SUBSCRIBE_METHODS, UNSUBSCRIBE_METHODS, type Connection, type Status, type Subscription } from './subscription';
import { NotificationOutbox, SharedResult } from './outbox';
import { isSubscribe, isUnsubscribe, tooManySubscriptionsMessage, type PubsubLimits } from './limits';

/**
 * The validator's PubSub API over the local ledger. Notifications go out only after the
 * transactions they report are durable (the ledger's 'committed' event), through one
 * outbox that sends a slice at a time. A connection's calls are handled one per turn
 * under `limits`: a cap on its live subscriptions and on its messages per window; its
 * subscribes and unsubscribes are not counted by the per-address call rate shared with HTTP
 * /api/rpc (only a call it does not serve is), so confirming each transaction by
 * subscription costs no call of that rate, as on a validator.
 */
export class LocalPubsub {
  private nextId = 1;
  private readonly byId = new Map<number, Subscription>();
  private readonly signatures = new Map<string, Set<Subscription>>();
  private readonly accounts = new Map<string, Set<Subscription>>();
  /** Account and program watches at 'finalized': told of a slot's writes when the root reaches it. */
  private readonly rootedAccounts = new Map<string, Set<Subscription>>();
  private readonly rootedPrograms = new Map<string, Set<Subscription & ProgramWatch>>();
  private readonly logsByMention = new Map<string, Set<Subscription>>();
  private readonly allLogs = new Set<Subscription>();
  /** Logs subscriptions at 'finalized': told of a transaction once the root reaches its slot. */
  private readonly rootedLogsByMention = new Map<string, Set<Subscription>>();
  private readonly rootedAllLogs = new Set<Subscription>();
  /** The logs notifications of 'finalized' subscriptions waiting for the root, by the slot of their transaction. */
  private readonly logsAwaitingRoot = new Map<bigint, { sub: Subscription; result: SharedResult }[]>();
  /** The newest slot rooted so far (what the slot updates told): a transaction at or below it is notified at once. */
  private rooted: bigint;
  private readonly slots = new Set<Subscription>();
  /** Signature subscriptions at 'finalized' whose transaction landed and is not rooted yet. */
  private readonly rooting = new Set<Subscription>();
  private readonly programs = new Map<string, Set<Subscription & ProgramWatch>>();
  private readonly roots = new Set<Subscription>();
  private readonly slotsUpdates = new Set<Subscription>();
  private readonly progress: SlotProgress;
  private readonly connections = new Set<Connection>();
  private readonly outbox = new NotificationOutbox();
  private readonly onCommitted = (records: TxRecord[], accounts: Map<string, AccountRecord>) => this.committed(records, accounts);
  private readonly onSlot = (slot: bigint) => this.slot(slot);

  constructor(private readonly ctx: RpcContext, private readonly limits: PubsubLimits, private readonly log: FastifyBaseLogger) {
    this.progress = new SlotProgress(ctx.ledger.slot, ctx.ledger.restartRoot);
    this.rooted = rootOf(ctx.ledger.slot, ctx.ledger.restartRoot);
    ctx.ledger.on('committed', this.onCommitted);
    ctx.ledger.on('slot', this.onSlot);
  }

  private get ledger(): LocalLedger { return this.ctx.ledger; }

  /** Notifications queued and not yet sent (a commit's fan-out in progress). */
  get pendingNotifications(): number {
    return this.outbox.pending;
  }

  /** Serves one websocket connection of client `ip` until it closes. */
  handle(socket: WebSocket, ip: string): void {
    const conn: Connection = { socket, ip, subs: new Set() };
    this.connections.add(conn);
    pumpMessages(socket, (text) => this.message(conn, text), {
      ...this.limits.pump, onError: (err) => this.log.error({ err }, 'pubsub message failed'),
    });
    socket.once('close', () => this.dropConnection(conn));
    socket.on('error', () => socket.terminate());
  }

  close(): void {
    this.ledger.off('committed', this.onCommitted);
    this.ledger.off('slot', this.onSlot);
    this.outbox.close();
    this.logsAwaitingRoot.clear();
    for (const conn of this.connections) conn.socket.terminate();
    this.connections.clear();
  }

  private async message(conn: Connection, text: string): Promise<void> {
    let request: { id?: unknown; method?: unknown; params?: unknown };
    try { request = JSON.parse(text); } catch {
      return this.reply(conn, { jsonrpc: '2.0', error: { code: PARSE_ERROR, message: 'Parse error' }, id: null });
    }
    // web3.js sends a `ping` notification (no id) every few seconds: nothing to answer.
    if (!request || typeof request !== 'object' || request.id === undefined || request.id === null) return;
    const id = request.id as string | number;
    const method = String(request.method);
    // Subscribes count under the PubSub caps (subscriptions per connection, messages per
    // window, connections per address), not the call rate; an unsubscribe only ever frees
    // something. What is left (a method PubSub does not serve) counts as an HTTP call would.
    if (!SUBSCRIBE_METHODS.has(method) && !isUnsubscribe(method)) {
      const refused = this.limits.admitCall(conn.ip, id);
      if (refused) return this.reply(conn, refused);
    }
    try {
      const params = Array.isArray(request.params) ? request.params as unknown[] : [];
      const result = await this.call(conn, method, params);
      this.reply(conn, { jsonrpc: '2.0', result: result.value, id });
      result.after?.();
    } catch (err) {
      const e = err instanceof RpcError ? err : new RpcError(INTERNAL_ERROR, 'Internal error');
      if (!(err instanceof RpcError)) this.log.error({ err }, 'pubsub request failed');
      this.reply(conn, { jsonrpc: '2.0', error: { code: e.code, message: e.message }, id });
    }
  }

  private async call(conn: Connection, method: string, params: unknown[]): Promise<{ value: unknown; after?: () => void }> {
    // blockSubscribe and voteSubscribe (and any other) are not served: 'Method not found', as a validator answers without their flags.
    if (!SUBSCRIBE_METHODS.has(method) && !UNSUBSCRIBE_METHODS.has(method)) throw new RpcError(METHOD_NOT_FOUND, 'Method not found');
    if (isSubscribe(method) && conn.subs.size >= this.limits.maxSubscriptions) {
      // Agave refuses a subscription over its limit with -32603 (Internal error) too.
      throw new RpcError(INTERNAL_ERROR, tooManySubscriptionsMessage(this.limits.maxSubscriptions));
    }
    switch (method) {
      case 'signatureSubscribe': {
        const signature = signatureParam(params[0]);
        const config = configParam(params, 1);
        const awaitsRoot = (config.commitment ?? 'finalized') === 'finalized';
        const received = config.enableReceivedNotification === true;
        const sub = this.add({ kind: 'signature', conn, key: signature, unanswered: true, awaitsRoot, received }, this.signatures);
        // Subscribed first, then looked up: a commit in between is seen by one or the other.
        let known: Status | undefined;
        try {
          known = this.ledger.recentStatus(signature) ?? (await this.ctx.store.statuses([signature])).get(signature);
        } catch (err) {
          this.remove(sub);
          throw err;
        }
        return {
          value: sub.id,
          after: () => {
            sub.unanswered = false;
            // Arrived while the id was unanswered: told as it would have been, received first.
            const arrived = sub.early ?? sub.landed;
            if (arrived && sub.received) this.notifyReceived(sub, arrived.slot);
            const status = sub.early ?? (sub.live ? known : undefined);
            if (status) this.notifySignature(sub, status.slot, status.err);
          },
        };
      }
      case 'accountSubscribe': {
        const address = pubkeyParam(params[0]);
        const config = configParam(params, 1);
        const encoding = accountEncoding(config, 'binary');
        const awaitsRoot = commitmentOf(config) === 'finalized';
        return { value: this.add({ kind: 'account', conn, key: address, encoding, awaitsRoot }, awaitsRoot ? this.rootedAccounts : this.accounts).id };
      }
      case 'slotSubscribe':
        return { value: this.add({ kind: 'slot', conn }, this.slots).id };
      case 'programSubscribe': {
        const watch = programWatchOf(params);
        const awaitsRoot = commitmentOf(configParam(params, 1)) === 'finalized';
        return { value: this.add({ kind: 'program', conn, key: watch.program, ...watch, awaitsRoot }, awaitsRoot ? this.rootedPrograms : this.programs).id };
      }
      case 'rootSubscribe':
        return { value: this.add({ kind: 'root', conn }, this.roots).id };
      case 'slotsUpdatesSubscribe':
        return { value: this.add({ kind: 'slotsUpdates', conn }, this.slotsUpdates).id };
      case 'logsSubscribe': {
        const mentions = logsFilter(params[0]);
        // As Agave: at 'finalized' (the default) a transaction's logs once its slot is rooted,
        // at 'confirmed' and 'processed' once it is durable (confirmed from then on, see signatureStatus.ts).
        const awaitsRoot = commitmentOf(configParam(params, 1)) === 'finalized';
        const sub = mentions
          ? this.add({ kind: 'logs', conn, key: mentions, mentions, awaitsRoot }, awaitsRoot ? this.rootedLogsByMention : this.logsByMention)
          : this.add({ kind: 'logs', conn, awaitsRoot }, awaitsRoot ? this.rootedAllLogs : this.allLogs);
        return { value: sub.id };
      }
      case 'signatureUnsubscribe': case 'accountUnsubscribe': case 'slotUnsubscribe': case 'logsUnsubscribe':
      case 'programUnsubscribe': case 'rootUnsubscribe': case 'slotsUpdatesUnsubscribe': {
        // As Agave: any unsubscribe ends any of the connection's subscriptions by its id, whatever its kind.
        const sub = this.byId.get(Number(params[0]));
        if (!sub || sub.conn !== conn) throw new RpcError(INVALID_PARAMS, 'Invalid subscription id.');
        this.remove(sub);
        return { value: true };
      }
      default:
        throw new RpcError(METHOD_NOT_FOUND, 'Method not found');
    }
  }

  private add(fields: Omit<Subscription, 'id' | 'live'>, index: Map<string, Set<Subscription>> | Set<Subscription>): Subscription {
    const sub: Subscription = { id: this.nextId++, live: true, ...fields };
    this.byId.set(sub.id, sub);
    sub.conn.subs.add(sub);
    if (index instanceof Map) {
      let set = index.get(sub.key!);
      if (!set) { set = new Set(); index.set(sub.key!, set); }
      set.add(sub);
    } else {
      index.add(sub);
    }
    return sub;
  }

  private remove(sub: Subscription): void {
    sub.live = false;
    this.rooting.delete(sub);
    this.byId.delete(sub.id);
    sub.conn.subs.delete(sub);
    const index = this.keyedIndex(sub);
    if (index) {
      const set = index.get(sub.key!);
      set?.delete(sub);
      if (set && set.size === 0) index.delete(sub.key!);
    } else {
      this.unkeyedIndex(sub).delete(sub);
    }
  }

  private keyedIndex(sub: Subscription): Map<string, Set<Subscription>> | undefined {
    if (sub.kind === 'signature') return this.signatures;
    if (sub.kind === 'account') return sub.awaitsRoot ? this.rootedAccounts : this.accounts;
    if (sub.kind === 'logs' && sub.mentions) return sub.awaitsRoot ? this.rootedLogsByMention : this.logsByMention;
    if (sub.kind === 'program') return sub.awaitsRoot ? this.rootedPrograms : this.programs;
    return undefined;
  }

  private unkeyedIndex(sub: Subscription): Set<Subscription> {
    if (sub.kind === 'slot') return this.slots;
    if (sub.kind === 'root') return this.roots;
    if (sub.kind === 'slotsUpdates') return this.slotsUpdates;
    return sub.awaitsRoot ? this.rootedAllLogs : this.allLogs;
  }

  private dropConnection(conn: Connection): void {
    this.connections.delete(conn);
    for (const sub of [...conn.subs]) this.remove(sub);
  }

  private committed(records: TxRecord[], accounts: Map<string, AccountRecord>): void {
    const ended = this.progress.committed(records, this.ledger.uncommitted);
    this.notifyCommitted(records, accounts);
    // Its transactions notified first: a client hears of a slot's root after what it rooted.
    this.notifyEnded(ended);
  }

  private notifyCommitted(records: TxRecord[], accounts: Map<string, AccountRecord>): void {
    if (this.byId.size === 0) return;
    for (const record of records) {
      for (const sub of [...this.signatures.get(record.signature) ?? []]) {
        if (sub.received && !sub.unanswered) this.notifyReceived(sub, record.slot);
        this.notifySignature(sub, record.slot, record.err);
      }
      if (this.allLogs.size > 0 || this.logsByMention.size > 0 || this.rootedAllLogs.size > 0 || this.rootedLogsByMention.size > 0) this.notifyLogs(record);
    }
    if (this.accounts.size > 0) accountNotifications(this.ctx, this.accounts, accounts, (sub, result) => this.notify(sub, result));
    if (this.programs.size > 0) programNotifications(this.ctx, this.programs, accounts, (sub, result) => this.notify(sub, result));
  }

  /**
   * A transaction's logsNotification, its slot as context (as Agave sends the bank's): to the
   * subscriptions at 'processed'/'confirmed' now, to those at 'finalized' once the root
   * reaches the slot (held until then; an unsubscribe in between drops it).
   */
  private notifyLogs(record: TxRecord): void {
    const logs = new SharedResult({ context: { slot: record.slot }, value: { signature: record.signature, err: record.err, logs: record.meta.logMessages } });
    const rooted = record.slot <= this.rooted;
    let waiting: { sub: Subscription; result: SharedResult }[] | undefined;
    const toRooted = (sub: Subscription) => {
      if (rooted) return this.notify(sub, logs);
      if (!waiting) {
        waiting = this.logsAwaitingRoot.get(record.slot);
        if (!waiting) { waiting = []; this.logsAwaitingRoot.set(record.slot, waiting); }
      }
      waiting.push({ sub, result: logs });
    };
    for (const sub of this.allLogs) this.notify(sub, logs);
    for (const sub of this.rootedAllLogs) toRooted(sub);
    for (const address of new Set(record.accountKeys)) {
      for (const sub of this.logsByMention.get(address) ?? []) this.notify(sub, logs);
      for (const sub of this.rootedLogsByMention.get(address) ?? []) toRooted(sub);
    }
  }

  /** As Agave tells a subscription asking for it when the transaction reaches a bank; the subscription goes on. */
  private notifyReceived(sub: Subscription, slot: bigint): void {
    this.outbox.push({ socket: sub.conn.socket, method: NOTIFICATION.signature, subscription: sub.id, result: new SharedResult({ context: { slot }, value: 'receivedSignature' }), live: () => true });
  }

  private notifySignature(sub: Subscription, slot: bigint, err: unknown): void {
    if (sub.awaitsRoot && !isRooted(slot, this.ledger.slot, this.ledger.restartRoot)) {
      sub.landed = { slot, err };
      this.rooting.add(sub);
      return;
    }
    // Never before the subscription's id: web3.js drops a notification for an id it does not know yet.
    if (sub.unanswered) {
      sub.early = { slot, err };
      this.remove(sub);
      return;
    }
    this.outbox.push({ socket: sub.conn.socket, method: NOTIFICATION.signature, subscription: sub.id, result: new SharedResult({ context: { slot }, value: { err } }), live: () => true });
    this.remove(sub); // a signature subscription ends with its one notification
  }

  private slot(slot: bigint): void {
    for (const sub of [...this.rooting]) if (isRooted(sub.landed!.slot, slot, this.ledger.restartRoot)) this.notifySignature(sub, sub.landed!.slot, sub.landed!.err);
    if (this.slots.size > 0) {
      // The root trails the tip by ROOT_DEPTH slots, as signature statuses count it (see SlotProgress).
      const root = rootOf(slot, this.ledger.restartRoot);
      const result = new SharedResult({ parent: slot - 1n, root: root > 0n ? root : 0n, slot });
      for (const sub of this.slots) this.notify(sub, result);
    }
    this.notifyEnded(this.progress.clockMoved(slot, this.ledger.uncommitted));
  }

  private notifyEnded({ updates, roots }: Ended): void {
    for (const root of roots) if (root > this.rooted) this.rooted = root;
    // Every waiting slot the root has passed, in slot order (after a long stall the slot updates
    // tell only the last MAX_CATCH_UP slots, and so roots: the older waiting slots go too).
    if (roots.length > 0 && this.logsAwaitingRoot.size > 0) {
      for (const [slot, waiting] of [...this.logsAwaitingRoot].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
        if (slot > this.rooted) break;
        this.logsAwaitingRoot.delete(slot);
        for (const { sub, result } of waiting) if (sub.live) this.notify(sub, result);
      }
    }
    if (this.rootedAccounts.size > 0 || this.rootedPrograms.size > 0) {
      for (const root of roots) {
        const written = this.ledger.accountsWrittenIn(root);
        if (written.size === 0) continue;
        accountNotifications(this.ctx, this.rootedAccounts, written, (sub, result) => this.notify(sub, result));
        programNotifications(this.ctx, this.rootedPrograms, written, (sub, result) => this.notify(sub, result));
      }
    }
    for (const update of this.slotsUpdates.size > 0 ? updates : []) {
      const result = new SharedResult(update);
      for (const sub of this.slotsUpdates) this.notify(sub, result);
    }
    for (const root of this.roots.size > 0 ? roots : []) {
      const result = new SharedResult(root);
      for (const sub of this.roots) this.notify(sub, result);
    }
  }

  private notify(sub: Subscription, result: SharedResult): void {
    this.outbox.push({ socket: sub.conn.socket, method: NOTIFICATION[sub.kind], subscription: sub.id, result, live: () => sub.live });
  }

  private reply(conn: Connection, message: unknown): void {
    if (conn.socket.readyState === conn.socket.OPEN) conn.socket.send(stringifyRpc(message));
  }
}

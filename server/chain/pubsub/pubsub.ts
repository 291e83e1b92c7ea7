import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import type { LocalLedger } from '../ledger/ledger';
import type { AccountRecord, TxRecord } from '../ledger/store';
import type { RpcContext } from '../rpc/context';
import { accountEncoding, encodeAccount, type AccountEncoding } from '../rpc/encoding';
import { INVALID_PARAMS, METHOD_NOT_FOUND, PARSE_ERROR, RpcError } from '../rpc/errors';
import { stringifyRpc } from '../rpc/json';
import { configParam, pubkeyParam, signatureParam } from '../rpc/params';

type Kind = 'signature' | 'account' | 'slot' | 'logs';
type Subscription = { id: number; kind: Kind; socket: WebSocket; key?: string; encoding?: AccountEncoding; mentions?: string };

const NOTIFICATION: Record<Kind, string> = {
  signature: 'signatureNotification', account: 'accountNotification', slot: 'slotNotification', logs: 'logsNotification',
};

/**
 * The validator's PubSub API over the local ledger. Notifications go out only after the
 * transactions they report are durable (the ledger's 'committed' event).
 */
export class LocalPubsub {
  private nextId = 1;
  private readonly byId = new Map<number, Subscription>();
  private readonly signatures = new Map<string, Set<Subscription>>();
  private readonly accounts = new Map<string, Set<Subscription>>();
  private readonly slots = new Set<Subscription>();
  private readonly logs = new Set<Subscription>();
  private readonly sockets = new Set<WebSocket>();
  private readonly onCommitted = (records: TxRecord[], accounts: Map<string, AccountRecord>) => this.committed(records, accounts);
  private readonly onSlot = (slot: bigint) => this.slot(slot);

  constructor(private readonly ctx: RpcContext, private readonly log: FastifyBaseLogger) {
    ctx.ledger.on('committed', this.onCommitted);
    ctx.ledger.on('slot', this.onSlot);
  }

  private get ledger(): LocalLedger { return this.ctx.ledger; }

  /** Serves one websocket connection until it closes. */
  handle(socket: WebSocket): void {
    this.sockets.add(socket);
    socket.on('message', (data) => { void this.message(socket, data.toString()); });
    socket.on('close', () => this.dropSocket(socket));
    socket.on('error', () => this.dropSocket(socket));
  }

  close(): void {
    this.ledger.off('committed', this.onCommitted);
    this.ledger.off('slot', this.onSlot);
    for (const socket of this.sockets) socket.terminate();
    this.sockets.clear();
  }

  private async message(socket: WebSocket, text: string): Promise<void> {
    let request: { id?: unknown; method?: unknown; params?: unknown };
    try { request = JSON.parse(text); } catch {
      return this.send(socket, { jsonrpc: '2.0', error: { code: PARSE_ERROR, message: 'Parse error' }, id: null });
    }
    // web3.js sends a `ping` notification (no id) every few seconds: nothing to answer.
    if (!request || typeof request !== 'object' || request.id === undefined || request.id === null) return;
    const id = request.id as string | number;
    try {
      const params = Array.isArray(request.params) ? request.params as unknown[] : [];
      const result = await this.call(socket, String(request.method), params);
      this.send(socket, { jsonrpc: '2.0', result: result.value, id });
      result.after?.();
    } catch (err) {
      const e = err instanceof RpcError ? err : new RpcError(-32603, 'Internal error');
      if (!(err instanceof RpcError)) this.log.error({ err }, 'pubsub request failed');
      this.send(socket, { jsonrpc: '2.0', error: { code: e.code, message: e.message }, id });
    }
  }

  private async call(socket: WebSocket, method: string, params: unknown[]): Promise<{ value: unknown; after?: () => void }> {
    switch (method) {
      case 'signatureSubscribe': {
        const signature = signatureParam(params[0]);
        const sub = this.add({ kind: 'signature', socket, key: signature }, this.signatures);
        // Subscribed first, then looked up: a commit in between is seen by one or the other.
        const known = this.ledger.recentStatus(signature) ?? (await this.ctx.store.statuses([signature])).get(signature);
        return { value: sub.id, after: () => { if (known && this.byId.has(sub.id)) this.notifySignature(sub, known.slot, known.err); } };
      }
      case 'accountSubscribe': {
        const address = pubkeyParam(params[0]);
        const encoding = accountEncoding(configParam(params, 1), 'binary');
        return { value: this.add({ kind: 'account', socket, key: address, encoding }, this.accounts).id };
      }
      case 'slotSubscribe':
        return { value: this.add({ kind: 'slot', socket }, this.slots).id };
      case 'logsSubscribe': {
        const filter = params[0];
        let mentions: string | undefined;
        if (filter && typeof filter === 'object' && Array.isArray((filter as { mentions?: unknown }).mentions)) {
          const list = (filter as { mentions: unknown[] }).mentions;
          if (list.length !== 1) throw new RpcError(INVALID_PARAMS, 'Invalid Request: Only 1 address supported');
          mentions = pubkeyParam(list[0]);
        } else if (filter !== 'all' && filter !== 'allWithVotes') {
          throw new RpcError(INVALID_PARAMS, 'Invalid params: expected "all", "allWithVotes" or { mentions: [address] }.');
        }
        return { value: this.add({ kind: 'logs', socket, mentions }, this.logs).id };
      }
      case 'signatureUnsubscribe': case 'accountUnsubscribe': case 'slotUnsubscribe': case 'logsUnsubscribe': {
        const kind = method.slice(0, -'Unsubscribe'.length) as Kind;
        const sub = this.byId.get(Number(params[0]));
        if (!sub || sub.kind !== kind || sub.socket !== socket) throw new RpcError(INVALID_PARAMS, 'Invalid subscription id.');
        this.remove(sub);
        return { value: true };
      }
      default:
        throw new RpcError(METHOD_NOT_FOUND, 'Method not found');
    }
  }

  private add(fields: Omit<Subscription, 'id'>, index: Map<string, Set<Subscription>> | Set<Subscription>): Subscription {
    const sub: Subscription = { id: this.nextId++, ...fields };
    this.byId.set(sub.id, sub);
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
    this.byId.delete(sub.id);
    const index = sub.kind === 'signature' ? this.signatures : sub.kind === 'account' ? this.accounts : undefined;
    if (index) {
      const set = index.get(sub.key!);
      set?.delete(sub);
      if (set && set.size === 0) index.delete(sub.key!);
    } else {
      (sub.kind === 'slot' ? this.slots : this.logs).delete(sub);
    }
  }

  private dropSocket(socket: WebSocket): void {
    this.sockets.delete(socket);
    for (const sub of [...this.byId.values()]) if (sub.socket === socket) this.remove(sub);
  }

  private committed(records: TxRecord[], accounts: Map<string, AccountRecord>): void {
    if (this.byId.size === 0) return;
    for (const record of records) {
      for (const sub of this.signatures.get(record.signature) ?? []) this.notifySignature(sub, record.slot, record.err);
      for (const sub of this.logs) {
        if (sub.mentions && !record.accountKeys.includes(sub.mentions)) continue;
        this.notify(sub, { context: { slot: record.slot }, value: { signature: record.signature, err: record.err, logs: record.meta.logMessages } });
      }
    }
    if (this.accounts.size === 0) return;
    const slot = this.ledger.slot;
    for (const [address, subs] of this.accounts) {
      const record = accounts.get(address);
      if (!record) continue;
      for (const sub of subs) {
        const value = encodeAccount(this.ctx, { ...record }, sub.encoding ?? 'binary');
        this.notify(sub, { context: { slot }, value });
      }
    }
  }

  private notifySignature(sub: Subscription, slot: bigint, err: unknown): void {
    this.notify(sub, { context: { slot }, value: { err } });
    this.remove(sub); // a signature subscription ends with its one notification
  }

  private slot(slot: bigint): void {
    for (const sub of this.slots) this.notify(sub, { parent: slot - 1n, root: slot > 32n ? slot - 32n : 0n, slot });
  }

  private notify(sub: Subscription, result: unknown): void {
    this.send(sub.socket, { jsonrpc: '2.0', method: NOTIFICATION[sub.kind], params: { result, subscription: sub.id } });
  }

  private send(socket: WebSocket, message: unknown): void {
    if (socket.readyState === socket.OPEN) socket.send(stringifyRpc(message));
  }
}

import { Worker } from 'node:worker_threads';

type QueryOptions = { rowMode?: 'array' | 'object'; parsers?: Record<number | string, unknown> };
export type QueryResult = { rows: unknown[]; fields?: unknown[]; affectedRows?: number };

/** What drizzle's PGlite driver (and our transactions) call on a client or a transaction. */
export type PgliteLike = {
  query(sql: string, params?: unknown[], options?: QueryOptions): Promise<QueryResult>;
  exec(sql: string): Promise<QueryResult[]>;
};

type Pending = { resolve: (value: unknown) => void; reject: (err: Error) => void };

const WORKER_FILE = new URL('./worker.mjs', import.meta.url);

/**
 * PGlite behind a worker thread (worker.mjs): the same query, exec, transaction and listen
 * drizzle and the database module use on PGlite, each a message to the worker. The main
 * thread keeps only HTTP, the ledger and our own code, and the database's work runs on the
 * other core. A transaction is held open in the worker (PGlite's own lock keeps other
 * queries out of it) until this side commits or rolls it back.
 */
export class PgliteWorkerClient implements PgliteLike {
  private readonly pending = new Map<number, Pending>();
  private readonly listeners = new Map<string, Set<(payload: string) => void>>();
  private nextId = 1;
  private stopped: Error | null = null;

  private constructor(private readonly worker: Worker) {
    worker.on('message', (message: { id?: number; result?: unknown; error?: ErrorData; type?: string; channel?: string; payload?: string }) => {
      if (message.type === 'notify') {
        for (const listener of this.listeners.get(message.channel!) ?? []) listener(message.payload ?? '');
        return;
      }
      if (message.id === undefined) return;
      const call = this.pending.get(message.id);
      this.pending.delete(message.id);
      if (message.error) call?.reject(errorOf(message.error));
      else call?.resolve(message.result);
    });
    const stop = (err: Error) => {
      this.stopped ??= err;
      for (const call of this.pending.values()) call.reject(err);
      this.pending.clear();
    };
    worker.on('error', stop);
    worker.on('exit', (code) => stop(new Error(`The database worker stopped (exit code ${code})`)));
  }

  /** Starts the worker on `dir` (in memory without one) and waits until the database is ready. */
  static async open(dir: string | undefined): Promise<PgliteWorkerClient> {
    const worker = new Worker(WORKER_FILE, { workerData: { dir: dir ?? null } });
    await new Promise<void>((resolve, reject) => {
      const onMessage = (message: { type?: string; error?: ErrorData }) => {
        if (message.type === 'ready') { cleanup(); resolve(); }
        if (message.type === 'failed') { cleanup(); reject(errorOf(message.error!)); }
      };
      const onError = (err: Error) => { cleanup(); reject(err); };
      const cleanup = () => { worker.off('message', onMessage); worker.off('error', onError); };
      worker.on('message', onMessage);
      worker.on('error', onError);
    });
    return new PgliteWorkerClient(worker);
  }

  query(sql: string, params: unknown[] = [], options?: QueryOptions, txId?: number): Promise<QueryResult> {
    return this.call({ type: 'query', sql, params, txId, rowMode: options?.rowMode, textTypes: options?.parsers ? Object.keys(options.parsers).map(Number) : undefined });
  }

  exec(sql: string, txId?: number): Promise<QueryResult[]> {
    return this.call({ type: 'exec', sql, txId });
  }

  /** PGlite's transaction: BEGIN, the callback's queries, then COMMIT, or ROLLBACK when it throws or rolls back. */
  async transaction<T>(fn: (tx: PgliteLike & { rollback(): Promise<void>; closed: boolean }) => Promise<T>): Promise<T> {
    const txId = this.nextId++;
    await this.call({ type: 'begin', txId });
    let closed = false;
    const ensureOpen = () => { if (closed) throw new Error('Transaction is closed'); };
    const tx = {
      query: async (sql: string, params?: unknown[], options?: QueryOptions) => { ensureOpen(); return this.query(sql, params, options, txId); },
      exec: async (sql: string) => { ensureOpen(); return this.exec(sql, txId); },
      rollback: async () => { ensureOpen(); closed = true; await this.call({ type: 'end', txId, commit: false }); },
      get closed() { return closed; },
    };
    try {
      const result = await fn(tx);
      if (!closed) {
        closed = true;
        await this.call({ type: 'end', txId, commit: true });
      }
      return result;
    } catch (err) {
      if (!closed) {
        closed = true;
        await this.call({ type: 'end', txId, commit: false }).catch(() => {});
      }
      throw err;
    }
  }

  /** LISTEN on the channel; resolves to its unlisten. */
  async listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>> {
    let set = this.listeners.get(channel);
    if (!set) {
      set = new Set();
      this.listeners.set(channel, set);
      await this.call({ type: 'listen', channel });
    }
    set.add(onPayload);
    return async () => {
      set.delete(onPayload);
      if (set.size === 0 && this.listeners.get(channel) === set) {
        this.listeners.delete(channel);
        await this.call({ type: 'unlisten', channel }).catch(() => {});
      }
    };
  }

  async close(): Promise<void> {
    if (!this.stopped) await this.call({ type: 'close' }).catch(() => {});
    await this.worker.terminate();
  }

  private call<T>(message: Record<string, unknown>): Promise<T> {
    if (this.stopped) return Promise.reject(this.stopped);
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.worker.postMessage({ ...message, id });
    });
  }
}

type ErrorData = { name?: string; message: string; [key: string]: unknown };

/** The worker's error as an Error again, with PostgreSQL's fields (code, constraint, ...) on it. */
function errorOf(data: ErrorData): Error {
  const err = new Error(data.message);
  Object.assign(err, data);
  return err;
}

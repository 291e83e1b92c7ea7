import { Connection } from '@solana/web3.js';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import type { Env } from '../env';
import { LocalLedger } from './ledger/ledger';
import { LedgerStore } from './ledger/store';
import { createRpcHandler, type RpcHandler } from './rpc/handler';

export type ChainHealth = { ok: boolean; latencyMs: number; slot: number | null };

/** The chain as the rest of the server sees it: one web3.js Connection in both modes. */
export type ChainService = {
  mode: 'local' | 'cluster';
  /** commitment 'confirmed'; in local mode it calls the in-process RPC handler, no network. */
  connection: Connection;
  /** Local mode only. */
  ledger?: LocalLedger;
  /** Local mode only: the JSON-RPC handler /api/rpc serves. */
  rpc?: RpcHandler;
  store?: LedgerStore;
  health(): Promise<ChainHealth>;
  close(): Promise<void>;
};

// A placeholder URL: the custom fetch below answers every call without a network hop.
const IN_PROCESS_URL = 'http://local-ledger.invalid/api/rpc';
const HEALTH_TIMEOUT_MS = 3000;

export async function createChain(env: Env, database: Database, log: FastifyBaseLogger): Promise<ChainService> {
  if (!env.localMode && env.SOLANA_RPC_URL) {
    const connection = new Connection(env.SOLANA_RPC_URL, { commitment: 'confirmed', wsEndpoint: env.SOLANA_WS_URL });
    return { mode: 'cluster', connection, health: () => checkHealth(connection), close: async () => {} };
  }
  const store = new LedgerStore(database.db);
  const ledger = await LocalLedger.open({ store, log, slotMs: env.LEDGER_SLOT_MS });
  const rpc = createRpcHandler({ ledger, store }, log);
  const connection = new Connection(IN_PROCESS_URL, { commitment: 'confirmed', fetch: inProcessFetch(rpc), disableRetryOnRateLimit: true });
  return {
    mode: 'local', connection, ledger, rpc, store,
    health: () => checkHealth(connection),
    close: () => ledger.close(),
  };
}

/**
 * A `fetch` for web3.js that hands the JSON-RPC body straight to the handler. Each call
 * first yields a turn of the event loop, as a network call would: a background job making
 * thousands of calls in a row must let the requests waiting for the loop in between them.
 */
export function inProcessFetch(rpc: RpcHandler): typeof fetch {
  return (async (_input: unknown, init?: { body?: unknown }) => {
    await new Promise((resolve) => setImmediate(resolve));
    const text = await rpc.handleText(typeof init?.body === 'string' ? init.body : '');
    return new Response(text, { status: 200, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
}

async function checkHealth(connection: Connection): Promise<ChainHealth> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    const slot = await Promise.race([
      connection.getSlot(),
      new Promise<never>((_, reject) => { timer = setTimeout(() => reject(new Error('timed out')), HEALTH_TIMEOUT_MS); }),
    ]);
    return { ok: true, latencyMs: Math.round(performance.now() - started), slot };
  } catch {
    return { ok: false, latencyMs: Math.round(performance.now() - started), slot: null };
  } finally {
    clearTimeout(timer);
  }
}

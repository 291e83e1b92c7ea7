import path from 'node:path';
import { Connection, Keypair, PublicKey, VersionedTransaction } from '@solana/web3.js';
import bs58 from 'bs58';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import type { Env } from '../env';
import { closeConnection, clusterConnection } from './clusterConnection';
import { fleetCallerHeaders } from './fleetCaller';
import { LocalLedger, type SendOutcome } from './ledger/ledger';
import { TransactionFailedError, TransactionRejectedError, confirmSignature, sendAndConfirm } from './sendAndConfirm';
import { BlockFiles } from './ledger/blockFiles';
import { LedgerStore } from './ledger/store';
import { renderBlockEntries } from './rpc/blockEntries';
import { createRpcHandler, type RpcHandler } from './rpc/handler';
import { initZstd } from './rpc/zstd';

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
  /**
   * Test SOL from the network's faucet: the in-process ledger's, or (SOLANA_CLUSTER=localnet)
   * the ledger process's through requestAirdrop; resolves once confirmed. Absent on a real cluster.
   */
  airdrop?: (address: string, lamports: bigint) => Promise<string>;
  /** Sends a signed transaction and waits until it is confirmed: its signature, or TransactionFailedError. */
  sendAndConfirm(wire: Uint8Array): Promise<string>;
  /** The faucet's address (what it sends is nobody's gift); null on a real cluster. */
  faucetAddress(): Promise<string | null>;
  close(): Promise<void>;
};

// A placeholder URL: the custom fetch below answers every call without a network hop.
const IN_PROCESS_URL = 'http://local-ledger.invalid/api/rpc';
const HEALTH_TIMEOUT_MS = 3000;

export async function createChain(env: Env, database: Database, log: FastifyBaseLogger): Promise<ChainService> {
  if (!env.localMode && env.SOLANA_RPC_URL) {
    // To a ledger process, the fleet's mark: our own calls are not a stranger's (fleetCaller.ts).
    const connection = clusterConnection(env.SOLANA_RPC_URL, { commitment: 'confirmed', wsEndpoint: env.SOLANA_WS_URL, httpHeaders: fleetCallerHeaders(env) });
    const localnet = env.SOLANA_CLUSTER === 'localnet';
    return {
      mode: 'cluster', connection,
      health: () => checkHealth(connection),
      ...(localnet ? { airdrop: (address: string, lamports: bigint) => clusterAirdrop(connection, address, lamports) } : {}),
      sendAndConfirm: (wire) => sendAndConfirm(connection, VersionedTransaction.deserialize(wire)),
      // The ledger process keeps its genesis (the faucet's key) in the database we share.
      faucetAddress: async () => (localnet ? faucetOf(await new LedgerStore(database.db).loadGenesis()) : null),
      close: async () => closeConnection(connection),
    };
  }
  // One process runs the local ledger of a database: a second would fork the chain.
  if (!await database.tryLock(LEDGER_LOCK_KEY)) throw new Error(LEDGER_IN_USE);
  const blockFiles = new BlockFiles(path.join(env.dataDir, 'blocks'), log, { keepSlots: env.LEDGER_BLOCK_FILE_SLOTS });
  const store = new LedgerStore(database.db, { renderBlockEntries, blockFiles });
  const ledger = await LocalLedger.open({ store, log, slotMs: env.LEDGER_SLOT_MS, samplePeriodMs: env.LEDGER_SAMPLE_PERIOD_MS });
  blockFiles.start(ledger.genesisHash, ledger.slot);
  ledger.on('slot', () => blockFiles.finish(ledger.lastBlockSlot));
  await initZstd();
  const rpc = createRpcHandler({ ledger, store }, log);
  const connection = new Connection(IN_PROCESS_URL, { commitment: 'confirmed', fetch: inProcessFetch(rpc), disableRetryOnRateLimit: true });
  return {
    mode: 'local', connection, ledger, rpc, store,
    health: () => checkHealth(connection),
    airdrop: async (address, lamports) => landed(await ledger.airdrop(address, lamports)),
    sendAndConfirm: async (wire) => landed(await ledger.send(wire, { preflight: true })),
    faucetAddress: async () => ledger.faucet.publicKey.toBase58(),
    close: async () => {
      await ledger.close();
      await blockFiles.close();
    },
  };
}

/** The advisory lock of the process that runs a database's local ledger. */
const LEDGER_LOCK_KEY = 727_274_101;
export const LEDGER_IN_USE = 'Another process runs the local ledger on this database: run one ledger process '
  + '(--role=ledger, or one process without SOLANA_RPC_URL) and point the others at it with SOLANA_RPC_URL and SOLANA_CLUSTER=localnet';

/** A local send's outcome as sendAndConfirm's: the signature, or why it did not land. */
function landed(outcome: SendOutcome): string {
  if (outcome.kind === 'rejected') throw new TransactionRejectedError(outcome.err, outcome.logs);
  if (outcome.kind === 'dropped') throw new TransactionRejectedError(outcome.err);
  if (outcome.record.err) throw new TransactionFailedError(outcome.record.signature, outcome.record.err);
  return outcome.record.signature;
}

async function clusterAirdrop(connection: Connection, address: string, lamports: bigint): Promise<string> {
  const signature = await connection.requestAirdrop(new PublicKey(address), Number(lamports));
  await confirmSignature(connection, signature);
  return signature;
}

function faucetOf(genesis: { faucetSecretKey: string } | null): string | null {
  return genesis ? Keypair.fromSecretKey(bs58.decode(genesis.faucetSecretKey)).publicKey.toBase58() : null;
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
      // The node's current slot, as a validator's health shows it (the connection's 'confirmed' trails it).
      connection.getSlot('processed'),
      new Promise<never>((_, reject) => { timer = setTimeout(() => reject(new Error('timed out')), HEALTH_TIMEOUT_MS); }),
    ]);
    return { ok: true, latencyMs: Math.round(performance.now() - started), slot };
  } catch {
    return { ok: false, latencyMs: Math.round(performance.now() - started), slot: null };
  } finally {
    clearTimeout(timer);
  }
}

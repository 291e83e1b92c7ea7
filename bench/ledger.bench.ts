import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import bs58 from 'bs58';
import { Connection, Keypair, PublicKey, SystemProgram, Transaction, sendAndConfirmTransaction } from '@solana/web3.js';
import { spawn } from 'node:child_process';
import { freePort } from '../e2e/server';
import { signEd25519 } from '../server/chain/ed25519';

const ROOT = path.resolve(import.meta.dirname, '..');

export type LedgerBenchRow = { bench: string; value: number; unit: string; target: string; ok: boolean };

// LEDGER_BENCH_TXS shrinks the run for a quick look; the targets are stated for 100,000.
const HISTORY_TRANSACTIONS = Number(process.env.LEDGER_BENCH_TXS ?? 100_000);
const THROUGHPUT_TRANSFERS = Math.min(10_000, Math.floor(HISTORY_TRANSACTIONS / 2));
const PAYERS = 50;
const CONCURRENCY = 256;
const QUERIES = 300;

type Signed = { signature: string; base64: string };

/** Transactions confirmed per slot (from getSignatureStatuses): where the fullest block is. */
const perSlot = new Map<number, number>();

function signedTransfer(payer: Keypair, to: PublicKey, lamports: number, blockhash: string): Signed {
  const message = new Transaction({ feePayer: payer.publicKey, recentBlockhash: blockhash })
    .add(SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: to, lamports })).serializeMessage();
  const signature = signEd25519(payer, message);
  return { signature: bs58.encode(signature), base64: Buffer.concat([Buffer.from([1]), signature, message]).toString('base64') };
}

async function rpc<T>(url: string, method: string, params: unknown[]): Promise<T> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) });
  const body = await res.json() as { result?: T; error?: { message: string } };
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result as T;
}

/** Sends every transaction (CONCURRENCY at a time), then waits until all are confirmed; returns seconds. */
async function sendAndConfirmAll(url: string, txs: Signed[]): Promise<number> {
  const started = performance.now();
  const queue = [...txs];
  await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
    for (let tx = queue.shift(); tx; tx = queue.shift()) await rpc(url, 'sendTransaction', [tx.base64, { encoding: 'base64' }]);
  }));
  for (let i = 0; i < txs.length; i += 256) {
    const slice = txs.slice(i, i + 256).map((t) => t.signature);
    const { value } = await rpc<{ value: ({ confirmationStatus: string; err: unknown; slot: number } | null)[] }>(url, 'getSignatureStatuses', [slice]);
    value.forEach((s, j) => {
      if (!s || s.err || (s.confirmationStatus !== 'confirmed' && s.confirmationStatus !== 'finalized')) throw new Error(`not confirmed: ${slice[j]}`);
      perSlot.set(s.slot, (perSlot.get(s.slot) ?? 0) + 1);
    });
  }
  return (performance.now() - started) / 1000;
}

function percentile(sorted: number[], q: number): number {
  return Number(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))].toFixed(2));
}

type Spawned = { url: string; stop: () => Promise<void>; kill: () => Promise<void>; loggedMs: (message: string) => number | undefined };

/**
 * `npm start` (scripts/start.mjs: the built server, built first when out of date), with its log
 * read for the ledger's own load time. The first start may build; the timed restart runs the build.
 */
async function spawnServer(dataDir: string): Promise<{ server: Spawned; seconds: number }> {
  const started = performance.now();
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(ROOT, 'scripts/start.mjs')], {
    cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env, PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'info', DEMO_ACTIVITY: 'off', DEMO_CAMPAIGNS: 'off',
      // The bench is one client measuring the ledger, not a visitor: lift the per-client RPC and faucet limits.
      RPC_RATE_LIMIT: '10000000', FAUCET_MAX_SOL: '1000000', FAUCET_PER_MINUTE: '1000',
    },
  });
  let output = '';
  child.stdout.on('data', (d) => { output += d; });
  child.stderr.on('data', (d) => { output += d; });
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${output}`);
    try { if ((await fetch(`${url}/api/health`)).status === 200) break; } catch { /* not yet */ }
    await new Promise((r) => setTimeout(r, 50));
  }
  const exited = new Promise((r) => child.once('exit', r));
  return {
    seconds: (performance.now() - started) / 1000,
    server: {
      url,
      stop: async () => { if (child.exitCode === null && child.signalCode === null) { child.kill('SIGTERM'); await exited; } },
      kill: async () => { if (child.exitCode === null && child.signalCode === null) { child.kill('SIGKILL'); await exited; } },
      loggedMs: (message) => {
        const line = output.split('\n').find((l) => l.includes(`"${message}"`));
        return line ? (JSON.parse(line) as { ms: number }).ms : undefined;
      },
    },
  };
}

/**
 * The local ledger through HTTP /api/rpc, on the embedded database (PGlite): SOL transfers
 * per second (signed beforehand, sent, then confirmed), history query latency at 100,000
 * stored transactions, and the time a restart takes at that size.
 */
export default async function ledgerBench(): Promise<LedgerBenchRow[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'causemint-bench-ledger-'));
  let server: Spawned | undefined;
  const rows: LedgerBenchRow[] = [];
  try {
    server = (await spawnServer(dataDir)).server;
    let url = `${server.url}/api/rpc`;
    const payers = Array.from({ length: PAYERS }, () => Keypair.generate());
    for (const p of payers) await rpc(url, 'requestAirdrop', [p.publicKey.toBase58(), 1_000_000 * 1e9]);
    const recipients = Array.from({ length: 200 }, () => Keypair.generate().publicKey);
    let counter = 0;
    const batch = async (n: number) => {
      const { value: { blockhash } } = await rpc<{ value: { blockhash: string } }>(url, 'getLatestBlockhash', []);
      return Array.from({ length: n }, () => {
        const i = counter++;
        return signedTransfer(payers[i % PAYERS], recipients[i % recipients.length], 1_000_000 + i, blockhash);
      });
    };

    // What a person waits for: an unmodified web3.js sendAndConfirmTransaction (websocket confirmation).
    const connection = new Connection(url, 'confirmed');
    const confirmTimes: number[] = [];
    for (let i = 0; i < 30; i++) {
      const start = performance.now();
      await sendAndConfirmTransaction(connection, new Transaction().add(SystemProgram.transfer({
        fromPubkey: payers[1].publicKey, toPubkey: recipients[i], lamports: 2_000_000 + i,
      })), [payers[1]]);
      confirmTimes.push(performance.now() - start);
      counter++;
    }
    confirmTimes.sort((a, b) => a - b);
    rows.push({ bench: 'web3.js sendAndConfirmTransaction latency, p50', value: percentile(confirmTimes, 0.5), unit: 'ms', target: '-', ok: true });
    rows.push({ bench: 'web3.js sendAndConfirmTransaction latency, p95', value: percentile(confirmTimes, 0.95), unit: 'ms', target: '< 1000', ok: percentile(confirmTimes, 0.95) < 1000 });

    const signed = await batch(THROUGHPUT_TRANSFERS);
    const seconds = await sendAndConfirmAll(url, signed);
    const tps = Math.round(THROUGHPUT_TRANSFERS / seconds);
    rows.push({ bench: `SOL transfers via HTTP /api/rpc (${THROUGHPUT_TRANSFERS}, sent + confirmed)`, value: tps, unit: 'transfers/s', target: '>= 1000', ok: tps >= 1000 });
    console.log(`throughput: ${tps} transfers/s; filling the ledger to ${HISTORY_TRANSACTIONS} transactions...`);

    // Fill to 100,000 in chunks signed just in time (a blockhash lives 150 slots, one minute: small
    // enough chunks that a loaded machine still sends one within it).
    while (counter < HISTORY_TRANSACTIONS - PAYERS) await sendAndConfirmAll(url, await batch(Math.min(2_000, HISTORY_TRANSACTIONS - PAYERS - counter)));

    // Ten wallets asked in turn (each with ~2,000 transactions), as pages showing several
    // wallets' histories do; each wallet's first query reads the database.
    const asked = payers.slice(0, 10).map((p) => p.publicKey.toBase58());
    const hot = asked[0];
    const query = async (config: Record<string, unknown>) => {
      const times: number[] = [];
      for (let i = 0; i < QUERIES; i++) {
        const start = performance.now();
        // At 'confirmed', as the app and a web3.js Connection at 'confirmed' ask (the newest entries included).
        await rpc(url, 'getSignaturesForAddress', [asked[i % asked.length], { commitment: 'confirmed', ...config }]);
        times.push(performance.now() - start);
      }
      return times.sort((a, b) => a - b);
    };
    const page = await rpc<{ signature: string }[]>(url, 'getSignaturesForAddress', [hot, { limit: 100, commitment: 'confirmed' }]);
    for (const [label, config] of [
      ['limit 20', { limit: 20 }],
      ['limit 20, before (page 5)', { limit: 20, before: page[Math.min(99, page.length - 1)]!.signature }],
      ['limit 1000 (the default)', {}],
    ] as const) {
      const times = await query(config);
      rows.push({ bench: `getSignaturesForAddress ${label} at ${HISTORY_TRANSACTIONS} txs, p50`, value: percentile(times, 0.5), unit: 'ms', target: '-', ok: true });
      rows.push({ bench: `getSignaturesForAddress ${label} at ${HISTORY_TRANSACTIONS} txs, p95`, value: percentile(times, 0.95), unit: 'ms', target: '< 10', ok: percentile(times, 0.95) < 10 });
    }

    // getBlock of full slots, as an explorer or indexer reads them: every transaction in full (json,
    // as web3.js asks; jsonParsed) and the signatures alone (a block walk). A finished block is
    // rendered once and kept, so "first read" asks each of the fullest slots once per form, and
    // "again" asks the fullest one repeatedly.
    const fullest = [...perSlot].sort((a, b) => b[1] - a[1]).slice(0, 50);
    const smallest = fullest[fullest.length - 1][1];
    // "Answers" is the server's time: request sent to the answer's last byte received. The
    // client's own JSON.parse of a megabyte (several ms on a small VM) is timed apart.
    const parseTimes: number[] = [];
    const timeBlocks = async (slots: number[], config: Record<string, unknown>) => {
      const times: number[] = [];
      for (const slot of slots) {
        const start = performance.now();
        // 'confirmed': the newest slots are not rooted yet (finalized, the default, would refuse them).
        const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getBlock', params: [slot, { commitment: 'confirmed', ...config }] }) });
        const text = await res.text();
        times.push(performance.now() - start);
        const parsing = performance.now();
        const body = JSON.parse(text) as { result?: unknown; error?: { message: string } };
        parseTimes.push(performance.now() - parsing);
        if (!body.result) throw new Error(`getBlock ${slot}: ${body.error?.message ?? 'no block'}`);
      }
      return times.sort((a, b) => a - b);
    };
    for (const [label, config] of [
      ['full, json', { maxSupportedTransactionVersion: 0 }],
      ['full, jsonParsed', { maxSupportedTransactionVersion: 0, encoding: 'jsonParsed' }],
      ['signatures', { transactionDetails: 'signatures', rewards: false }],
    ] as const) {
      const times = await timeBlocks(fullest.map(([slot]) => slot), config);
      const what = `getBlock ${label}, first read of the ${fullest.length} fullest slots (${smallest}-${fullest[0][1]} txs)`;
      rows.push({ bench: `${what}, p50`, value: percentile(times, 0.5), unit: 'ms', target: '-', ok: true });
      rows.push({ bench: `${what}, p95`, value: percentile(times, 0.95), unit: 'ms', target: '< 20', ok: percentile(times, 0.95) < 20 });
    }
    const again = await timeBlocks(Array.from({ length: 100 }, () => fullest[0][0]), { maxSupportedTransactionVersion: 0 });
    rows.push({ bench: `getBlock full, json, the fullest slot (${fullest[0][1]} txs) read again, p95`, value: percentile(again, 0.95), unit: 'ms', target: '< 20', ok: percentile(again, 0.95) < 20 });
    parseTimes.sort((a, b) => a - b);
    rows.push({ bench: 'getBlock: the client\'s JSON.parse of an answer (not in the times above), p95', value: percentile(parseTimes, 0.95), unit: 'ms', target: '-', ok: true });

    // Restart after a crash: kill -9, then time until /api/health answers.
    await server.kill();
    const restarted = await spawnServer(dataDir);
    server = restarted.server;
    url = `${server.url}/api/rpc`;
    const count = await rpc<number>(url, 'getTransactionCount', [{ commitment: 'confirmed' }]);
    const restart = Number(restarted.seconds.toFixed(2));
    rows.push({ bench: `restart after kill -9 at ${count} txs: process spawn to ready`, value: restart, unit: 's', target: '< 5', ok: restart < 5 });
    // PGlite replays the WAL written since its last checkpoint (the worker checkpoints once writes pause).
    const databaseMs = server.loggedMs('database ready (migrations applied)') ?? NaN;
    rows.push({ bench: `restart after kill -9 at ${count} txs: database open (crash recovery, migrations)`, value: databaseMs, unit: 'ms', target: '-', ok: true });
    const ledgerMs = server.loggedMs('local ledger ready') ?? NaN;
    rows.push({ bench: `restart after kill -9 at ${count} txs: ledger load (accounts, clock, status cache)`, value: ledgerMs, unit: 'ms', target: '-', ok: true });
  } finally {
    await server?.stop().catch(() => {});
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(`load average during the run: ${os.loadavg().map((l) => l.toFixed(1)).join(' ')} on ${os.cpus().length} cores`);
  console.table(rows);
  return rows;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await ledgerBench();

// Starts Causemint as a fleet on one machine: a ledger process, web processes behind
// Debian's nginx and workers, all on one PostgreSQL database. `npm run fleet` runs it for
// people; the fleet test suite and bench drive it (kill a process, restart it, read logs).

import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { startNginx, type StartedNginx } from '../testing/nginx';

const ROOT = path.resolve(import.meta.dirname, '../..');

export type FleetRole = 'ledger' | 'web' | 'worker';

export type FleetProcess = {
  role: FleetRole;
  name: string;
  /** The HTTP port (ledger: JSON-RPC; web: the site), PubSub on port + 1; none for a worker. */
  port: number | null;
  url: string | null;
  child: ChildProcess;
  /** Everything it printed so far. */
  output(): string;
  /** Sends a signal (SIGKILL to crash it) and waits until it has exited. */
  kill(signal?: NodeJS.Signals): Promise<void>;
  /** Starts it again, same role, port and environment, and waits until it is ready. */
  restart(): Promise<void>;
};

export type FleetOptions = {
  /** A PostgreSQL database the fleet may own (migrated at start). */
  databaseUrl: string;
  webs?: number;
  workers?: number;
  /** nginx's port (default: a free one). */
  port?: number;
  /** Added to every process's environment (after the fleet's own). */
  env?: Record<string, string>;
  /** Run dist/server/main.js (built by `npm start`/`npm run fleet`) instead of the sources through tsx. */
  built?: boolean;
  /** Where the processes share their files (uploads; default: a new temp dir, removed at stop). */
  dataDir?: string;
  /** Print each process's output as it comes, prefixed with its name. */
  echo?: boolean;
  /** nginx's worker processes (default 1; 'auto': one per core, as Debian's nginx.conf has it). */
  nginxWorkers?: number | 'auto';
  /** Node options for every process, before the entry (e.g. --cpu-prof, which NODE_OPTIONS refuses). */
  nodeArgs?: string[];
};

export type Fleet = {
  /** nginx: what browsers open. */
  url: string;
  ledger: FleetProcess;
  webs: FleetProcess[];
  workers: FleetProcess[];
  nginx: StartedNginx;
  /** The environment every process got (tests start more processes with it). */
  env: Record<string, string>;
  stop(): Promise<void>;
};

/**
 * The ledger first (it owns the chain), then the web processes and workers pointed at it as
 * a localnet cluster, then nginx in front of the web processes. Every process shares the
 * database, KEY_ENCRYPTION_SECRET (platform keys are encrypted with it) and DATA_DIR (the
 * uploaded files); PUBLIC_URL is nginx's address, and TRUST_PROXY names nginx (loopback).
 */
export async function startFleet(options: FleetOptions): Promise<Fleet> {
  const ownDataDir = !options.dataDir;
  const dataDir = options.dataDir ? path.resolve(options.dataDir) : fs.mkdtempSync(path.join(os.tmpdir(), 'causemint-fleet-'));
  // `npm run fleet`'s .data/fleet on a first run.
  fs.mkdirSync(dataDir, { recursive: true });
  const nginxPort = options.port ?? await freePort();
  const ledgerPort = await freePort();
  const env: Record<string, string> = {
    DATABASE_URL: options.databaseUrl,
    KEY_ENCRYPTION_SECRET: process.env.KEY_ENCRYPTION_SECRET ?? sharedSecret(dataDir),
    DATA_DIR: dataDir,
    PUBLIC_URL: `http://127.0.0.1:${nginxPort}`,
    HOST: '127.0.0.1',
    LOG_FORMAT: 'json',
    // A worker is ready when it logs 'Causemint ready' (info).
    LOG_LEVEL: 'info',
    ...options.env,
  };
  const clusterEnv = { SOLANA_RPC_URL: `http://127.0.0.1:${ledgerPort}`, SOLANA_CLUSTER: 'localnet', TRUST_PROXY: '127.0.0.1' };
  const started: FleetProcess[] = [];
  try {
    const ledger = await startProcess({ role: 'ledger', name: 'ledger', port: ledgerPort, env, built: options.built, echo: options.echo, nodeArgs: options.nodeArgs });
    started.push(ledger);
    const webs: FleetProcess[] = [];
    for (let i = 0; i < (options.webs ?? 2); i++) {
      webs.push(await startProcess({ role: 'web', name: `web${i + 1}`, port: await freePort(), env: { ...env, ...clusterEnv }, built: options.built, echo: options.echo, nodeArgs: options.nodeArgs }));
      started.push(webs[i]!);
    }
    const workers: FleetProcess[] = [];
    for (let i = 0; i < (options.workers ?? 1); i++) {
      workers.push(await startProcess({ role: 'worker', name: `worker${i + 1}`, port: null, env: { ...env, ...clusterEnv }, built: options.built, echo: options.echo, nodeArgs: options.nodeArgs }));
      started.push(workers[i]!);
    }
    const nginx = await startNginx({ port: nginxPort, upstreams: webs.map((w) => `127.0.0.1:${w.port}`), workerProcesses: options.nginxWorkers });
    return {
      url: nginx.url, ledger, webs, workers, nginx, env: { ...env, ...clusterEnv },
      stop: async () => {
        await nginx.stop();
        // Web processes and workers before the ledger they talk to.
        await Promise.all([...webs, ...workers].map((p) => p.kill('SIGTERM')));
        await ledger.kill('SIGTERM');
        if (ownDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (err) {
    await Promise.all(started.map((p) => p.kill('SIGKILL')));
    if (ownDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
}

/** One secret per fleet data dir: generated once, kept beside the files (mode 0600). */
function sharedSecret(dataDir: string): string {
  const file = path.join(dataDir, 'fleet-key-encryption-secret');
  if (!fs.existsSync(file)) fs.writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600 });
  return fs.readFileSync(file, 'utf8').trim();
}

type ProcessSpec = { role: FleetRole; name: string; port: number | null; env: Record<string, string>; built?: boolean; echo?: boolean; nodeArgs?: string[] };

const READY_TIMEOUT_MS = 120_000;

/** Starts one process of the fleet and waits until it is ready (HTTP answers, or a worker says so). */
export async function startProcess(spec: ProcessSpec): Promise<FleetProcess> {
  let child!: ChildProcess;
  let output = '';
  const launch = async () => {
    const entry = spec.built ? [path.join(ROOT, 'dist/server/main.js')] : ['--import', 'tsx', path.join(ROOT, 'server/main.ts')];
    child = spawn(process.execPath, [...spec.nodeArgs ?? [], ...entry, `--role=${spec.role}`], {
      cwd: ROOT,
      // PGAPPNAME names the process's PostgreSQL connections (pg_stat_activity: who holds which job lock).
      env: { ...process.env, PGAPPNAME: `causemint-${spec.name}`, ...spec.env, ...(spec.port ? { PORT: String(spec.port) } : {}) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const take = (data: Buffer) => {
      output += data;
      if (spec.echo) for (const line of String(data).split('\n').filter(Boolean)) console.log(`[${spec.name}] ${line}`);
    };
    child.stdout?.on('data', take);
    child.stderr?.on('data', take);
    await untilReady(spec, child, () => output);
  };
  const proc: FleetProcess = {
    role: spec.role, name: spec.name, port: spec.port, url: spec.port ? `http://127.0.0.1:${spec.port}` : null,
    get child() { return child; },
    output: () => output,
    kill: async (signal = 'SIGTERM') => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill(signal);
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGKILL');
        await exited;
      }
    },
    restart: async () => {
      await proc.kill('SIGTERM');
      await launch();
    },
  };
  await launch();
  return proc;
}

async function untilReady(spec: ProcessSpec, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  const healthUrl = spec.role === 'ledger' ? `http://127.0.0.1:${spec.port}/health` : `http://127.0.0.1:${spec.port}/api/health`;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`${spec.name} exited (${child.exitCode ?? child.signalCode}):\n${output()}`);
    if (spec.role === 'worker') {
      if (output().includes('Causemint ready')) return;
    } else {
      try {
        if ((await fetch(healthUrl)).ok) return;
      } catch { /* not listening yet */ }
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${spec.name} was not ready within ${READY_TIMEOUT_MS / 1000} s:\n${output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A free 127.0.0.1 port whose port + 1 is free too (PubSub). */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = await new Promise<number>((resolve, reject) => {
      const server = net.createServer();
      server.listen(0, '127.0.0.1', () => {
        const { port: chosen } = server.address() as net.AddressInfo;
        server.close(() => resolve(chosen));
      });
      server.on('error', reject);
    });
    if (port < 65000 && await isFree(port + 1)) return port;
  }
}

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

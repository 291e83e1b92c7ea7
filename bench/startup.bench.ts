import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { freePort } from '../e2e/server';

const ROOT = path.resolve(import.meta.dirname, '..');

export type StartupBenchRow = { bench: string; runs: number; median: number; max: number; unit: string; target: string; ok: boolean };

// STARTUP_BENCH_RUNS shortens or lengthens the run; the machine is shared, so one run says little.
const RUNS = Number(process.env.STARTUP_BENCH_RUNS ?? 5);
const WARM_TARGET_S = 2;
const FIRST_TARGET_S = 8;

/** `npm start` (scripts/start.mjs, as a newcomer runs it) from spawn to a 200 from GET /api/health; then stopped. */
async function startToHealthy(dataDir: string): Promise<number> {
  const started = performance.now();
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(ROOT, 'scripts/start.mjs')], {
    cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env, PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: '', SOLANA_RPC_URL: '', SOLANA_CLUSTER: '',
      LOG_LEVEL: 'warn', LOG_FORMAT: 'json', DEMO_ACTIVITY: 'off', DEMO_CAMPAIGNS: 'off',
    },
  });
  let output = '';
  child.stdout.on('data', (d) => { output += d; });
  child.stderr.on('data', (d) => { output += d; });
  const exited = new Promise((r) => child.once('exit', r));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited:\n${output}`);
      try { if ((await fetch(`http://127.0.0.1:${port}/api/health`)).status === 200) break; } catch { /* not listening yet */ }
      if (performance.now() - started > 120_000) throw new Error(`server did not start:\n${output}`);
      await new Promise((r) => setTimeout(r, 25));
    }
    return (performance.now() - started) / 1000;
  } finally {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  }
}

function summary(seconds: number[]): { median: number; max: number } {
  const sorted = [...seconds].sort((a, b) => a - b);
  const round = (n: number) => Number(n.toFixed(2));
  return { median: round(sorted[Math.floor((sorted.length - 1) / 2)]), max: round(sorted.at(-1)!) };
}

/**
 * Start-up as `npm start` does it, without demo campaigns: a warm start (an existing data
 * directory, the builds current) and a first start (a fresh data directory: migrations,
 * the local ledger's genesis, the first admin). `npm install` and the builds are not
 * timed: a start before the runs brings the builds up to date.
 */
export default async function startupBench(): Promise<StartupBenchRow[]> {
  const warmDir = fs.mkdtempSync(path.join(os.tmpdir(), 'causemint-bench-startup-'));
  const firstDirs: string[] = [];
  try {
    await startToHealthy(warmDir);
    const warm: number[] = [];
    for (let i = 0; i < RUNS; i++) warm.push(await startToHealthy(warmDir));
    const first: number[] = [];
    for (let i = 0; i < Math.max(1, Math.ceil(RUNS / 2)); i++) {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'causemint-bench-first-'));
      firstDirs.push(dir);
      first.push(await startToHealthy(dir));
    }
    const w = summary(warm);
    const f = summary(first);
    const rows: StartupBenchRow[] = [
      { bench: 'npm start, warm: spawn to healthy', runs: warm.length, ...w, unit: 's', target: `median < ${WARM_TARGET_S}`, ok: w.median < WARM_TARGET_S },
      { bench: 'npm start, first start (no demo campaigns): spawn to healthy', runs: first.length, ...f, unit: 's', target: `median < ${FIRST_TARGET_S}`, ok: f.median < FIRST_TARGET_S },
    ];
    console.table(rows);
    return rows;
  } finally {
    for (const dir of [warmDir, ...firstDirs]) fs.rmSync(dir, { recursive: true, force: true });
  }
}

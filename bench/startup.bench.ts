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

const FIRST_PAGE_TARGET_MS = 500;

type StartOptions = {
  /** The demo campaigns and their trading on (what a newcomer's `npm start` runs). */
  demo?: boolean;
  /** Runs while the server is up, before it is stopped. */
  whileUp?: (url: string) => Promise<void>;
};

/** `npm start` (scripts/start.mjs, as a newcomer runs it) from spawn to a 200 from GET /api/health; then stopped. */
async function startToHealthy(dataDir: string, { demo = false, whileUp }: StartOptions = {}): Promise<number> {
  const started = performance.now();
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(ROOT, 'scripts/start.mjs')], {
    cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env, PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: '', SOLANA_RPC_URL: '', SOLANA_CLUSTER: '',
      LOG_LEVEL: 'warn', LOG_FORMAT: 'json', DEMO_ACTIVITY: demo ? 'on' : 'off', DEMO_CAMPAIGNS: demo ? 'on' : 'off',
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
    const seconds = (performance.now() - started) / 1000;
    await whileUp?.(`http://127.0.0.1:${port}`);
    return seconds;
  } finally {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  }
}

/** The demo's data directory as a newcomer has it after a first run: the campaigns launched, traded and donated to for a while. */
async function seedDemoDataDir(dir: string): Promise<void> {
  await startToHealthy(dir, {
    demo: true,
    whileUp: async (url) => {
      const deadline = performance.now() + 240_000;
      for (;;) {
        const res = await fetch(`${url}/api/campaigns`).catch(() => null);
        const list = res?.ok ? await res.json() as unknown[] | { campaigns?: unknown[] } : [];
        const count = Array.isArray(list) ? list.length : list.campaigns?.length ?? 0;
        if (count >= 10) break;
        if (performance.now() > deadline) throw new Error('the demo campaigns did not appear within 4 minutes');
        await new Promise((r) => setTimeout(r, 1000));
      }
      // A minute of demo trading: fees for the distributor's first pass after the next start.
      await new Promise((r) => setTimeout(r, 60_000));
    },
  });
}

/** Milliseconds for one GET, as a browser's first request. */
async function timedGet(url: string): Promise<number> {
  const started = performance.now();
  const res = await fetch(url);
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  return performance.now() - started;
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
    // A warm start of the demo (the distributor's pass runs at start): healthy, then the home page,
    // the campaign list and a campaign page at once, as the person who opened the URL asks for them.
    const demoDir = fs.mkdtempSync(path.join(os.tmpdir(), 'causemint-bench-demo-'));
    firstDirs.push(demoDir);
    await seedDemoDataDir(demoDir);
    const demoWarm: number[] = [];
    const firstPage: number[] = [];
    for (let i = 0; i < Math.max(1, Math.ceil(RUNS / 2)); i++) {
      demoWarm.push(await startToHealthy(demoDir, {
        demo: true,
        whileUp: async (url) => {
          const list = await fetch(`${url}/api/campaigns`).then((r) => r.json()) as { token_address?: string }[] | { campaigns: { token_address?: string }[] };
          const campaigns = Array.isArray(list) ? list : list.campaigns;
          const mint = campaigns.find((c) => c.token_address)?.token_address;
          for (const page of ['/', '/api/campaigns', ...(mint ? [`/campaign/${mint}`, `/api/campaigns/${mint}`] : [])]) firstPage.push(await timedGet(`${url}${page}`));
          // And for the next 10 s, while the start's jobs run.
          const until = performance.now() + 10_000;
          while (performance.now() < until) firstPage.push(await timedGet(`${url}/api/campaigns`));
        },
      }));
    }
    const w = summary(warm);
    const f = summary(first);
    const d = summary(demoWarm);
    const pagesMs = [...firstPage].sort((a, b) => a - b);
    const fp = { median: Math.round(pagesMs[Math.floor((pagesMs.length - 1) / 2)]), max: Math.round(pagesMs.at(-1)!) };
    const rows: StartupBenchRow[] = [
      { bench: 'npm start, warm: spawn to healthy', runs: warm.length, ...w, unit: 's', target: `median < ${WARM_TARGET_S}`, ok: w.median < WARM_TARGET_S },
      { bench: 'npm start, first start (no demo campaigns): spawn to healthy', runs: first.length, ...f, unit: 's', target: `median < ${FIRST_TARGET_S}`, ok: f.median < FIRST_TARGET_S },
      { bench: 'npm start, warm, demo on: spawn to healthy', runs: demoWarm.length, ...d, unit: 's', target: `median < ${WARM_TARGET_S}`, ok: d.median < WARM_TARGET_S },
      {
        bench: 'demo warm start: first pages and the 10 s after healthy', runs: firstPage.length, median: fp.median, max: fp.max,
        unit: 'ms', target: `max < ${FIRST_PAGE_TARGET_MS}`, ok: fp.max < FIRST_PAGE_TARGET_MS,
      },
    ];
    console.table(rows);
    return rows;
  } finally {
    for (const dir of [warmDir, ...firstDirs]) fs.rmSync(dir, { recursive: true, force: true });
  }
}

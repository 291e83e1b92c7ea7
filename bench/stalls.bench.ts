import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import type { AddressInfo } from 'node:net';
import { buildServer } from '../server/app';
import { closeServices, createLogger, createServices } from '../server/bootstrap';
import { seedDemoMarket, demoMints } from '../server/demo/seedDemoMarket';
import { distributorFor } from '../server/distributor';
import { loadEnv } from '../server/env';
import { jobsFor, startJobs } from '../server/jobs';
// @ts-expect-error plain ESM script without types
import { buildAppIfNeeded } from '../scripts/build-if-needed.mjs';
import { setUpCampaignsWithFees } from './support/campaignsWithFees';

export type StallsRow = {
  phase: string; url: string; requests: number; failed: number; p50Ms: number; p99Ms: number; maxMs: number; target: string; ok: boolean;
};

const CAMPAIGNS = Number(process.env.BENCH_STALLS_CAMPAIGNS ?? 1000);
const PERIOD_MS = 100;
const BASELINE_MS = 5000;
// The jobs that would start work of their own: the bench runs the distributor itself, and the demo is seeded first.
const NOT_SCHEDULED = new Set(['distributor', 'demo-market', 'official-token']);

/**
 * Does a background job make requests wait? A distributor pass claiming the pool fee of 1,000
 * campaigns on their own DBC pools runs while the demo activity trades and donates (every DEMO_ACTIVITY_MS,
 * 2 s here) and the other jobs run as in production, and a worker thread (its own event
 * loop, so a blocked server cannot slow its clock) requests /api/health, a campaign's API
 * and its page every 100 ms. Reported: p50, p99 and max latency per URL, first with the
 * demo alone (baseline), then during the pass. Target during the pass: p99 under 100 ms
 * and max under 500 ms. PGlite in a temporary directory, or DATABASE_URL when set.
 */
export default async function stallsBench(): Promise<StallsRow[]> {
  await buildAppIfNeeded({ quiet: true });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'causemint-stalls-bench-'));
  const env = loadEnv({
    ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, SOLANA_RPC_URL: undefined, SOLANA_CLUSTER: undefined,
    DEMO_CAMPAIGNS: 'on', DEMO_ACTIVITY: 'on', DEMO_ACTIVITY_MS: process.env.BENCH_STALLS_DEMO_MS ?? '2000', OFFICIAL_TOKEN_LAUNCH: 'off',
    DISTRIBUTOR_INTERVAL_MS: '86400000', RPC_RATE_LIMIT: '10000000',
  });
  const services = await createServices(env, { log: createLogger(env) });
  let runner: { stop: () => Promise<void> } | undefined;
  const app = await buildServer({ services });
  try {
    await setUpCampaignsWithFees(services, CAMPAIGNS);
    const seeded = await seedDemoMarket(services);
    console.log(`demo market: ${seeded.launched.length} campaigns launched`);
    const [demo] = await demoMints(services);
    if (!demo) throw new Error('no demo campaign to poll');
    await app.listen({ host: '127.0.0.1', port: 0 });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const urls = [`${base}/api/health`, `${base}/api/campaigns/${demo.mint}`, `${base}/campaign/${demo.mint}`];
    runner = startJobs(services, jobsFor(env).filter((job) => !NOT_SCHEDULED.has(job.name)));

    const baseline = await pollWhile(urls, () => new Promise((resolve) => setTimeout(resolve, BASELINE_MS)));
    const started = performance.now();
    let summary: Awaited<ReturnType<ReturnType<typeof distributorFor>['run']>> | undefined;
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    const during = await pollWhile(urls, async () => { summary = await distributorFor(services).run(); });
    loop.disable();
    console.log(`event loop delay during the pass: p50 ${(loop.percentile(50) / 1e6).toFixed(1)} ms, p99 ${(loop.percentile(99) / 1e6).toFixed(1)} ms, max ${(loop.max / 1e6).toFixed(1)} ms`);
    console.log(`distributor pass: ${summary?.paid} paid in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    if ((summary?.paid ?? 0) < CAMPAIGNS) throw new Error(`expected ${CAMPAIGNS} paid runs, got ${summary?.paid}`);

    const rows = [...rowsOf('demo only (baseline)', urls, baseline, base, false), ...rowsOf('during the distributor pass', urls, during, base, true)];
    console.table(rows);
    return rows;
  } finally {
    await runner?.stop();
    await app.close();
    await closeServices(services);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function pollWhile(urls: string[], work: () => Promise<unknown>): Promise<PollerSample[]> {
  const worker = new Worker(new URL('./support/poller.mjs', import.meta.url), { workerData: { urls, periodMs: PERIOD_MS } });
  const samples = new Promise<PollerSample[]>((resolve, reject) => {
    worker.once('message', (message: PollerSample[]) => resolve(message));
    worker.once('error', reject);
  });
  try {
    await work();
  } finally {
    worker.postMessage('stop');
  }
  const result = await samples;
  await worker.terminate();
  return result;
}

function rowsOf(phase: string, urls: string[], samples: PollerSample[], base: string, judged: boolean): StallsRow[] {
  return urls.map((url) => {
    const mine = samples.filter((s) => s.url === url);
    const ms = mine.map((s) => s.ms).sort((a, b) => a - b);
    const at = (q: number) => ms[Math.min(ms.length - 1, Math.floor(q * ms.length))] ?? 0;
    const p99 = at(0.99);
    const max = ms[ms.length - 1] ?? 0;
    const failed = mine.filter((s) => s.status !== 200).length;
    return {
      phase, url: url.slice(base.length).replace(/[1-9A-HJ-NP-Za-km-z]{32,44}/, '{mint}'), requests: ms.length, failed,
      p50Ms: round(at(0.5)), p99Ms: round(p99), maxMs: round(max),
      target: judged ? 'p99 < 100 ms, max < 500 ms' : '(reference)', ok: !judged || (p99 < 100 && max < 500 && failed === 0),
    };
  });
}

type PollerSample = { url: string; ms: number; status: number };

const round = (ms: number) => Math.round(ms * 10) / 10;

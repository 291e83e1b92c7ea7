import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { closeServices, createLogger, createServices } from '../server/bootstrap';
import { distributionRuns } from '../server/db/schema';
import { distributorFor } from '../server/distributor';
import { loadEnv } from '../server/env';
import { setUpCampaignsWithFees } from './support/campaignsWithFees';

export type DistributorBenchRow = { bench: string; campaigns: number; seconds: number; cpuSeconds: number; perCampaignMs: number; target: string; ok: boolean };

const CAMPAIGNS = Number(process.env.BENCH_DISTRIBUTOR_CAMPAIGNS ?? 1000);

/**
 * One full distributor pass over 1,000 campaigns with fees withheld: harvest, withdraw,
 * top-up, sell through the quote book and payout for each, on the product's local ledger
 * and database. The campaigns are set up faster than the launch flow but are real: a
 * Token-2022 mint with its fee, the supply in a pool wallet, a curve pool row, a campaign
 * with a donation wallet and a platform distributor key, and a real buy that withholds
 * fees. PGlite in a temporary directory, or DATABASE_URL when set.
 */
export default async function distributorBench(): Promise<DistributorBenchRow[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'causemint-distributor-bench-'));
  const env = loadEnv({
    ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, SOLANA_RPC_URL: undefined, SOLANA_CLUSTER: undefined,
  });
  const services = await createServices(env, { log: createLogger(env) });
  try {
    await setUpCampaignsWithFees(services, CAMPAIGNS);

    const started = performance.now();
    const cpuBefore = process.cpuUsage();
    const summary = await distributorFor(services).run();
    const seconds = (performance.now() - started) / 1000;
    // The process's own CPU time (PGlite and the ledger run in it): on a busy machine the wall time also counts others' turns.
    const cpu = process.cpuUsage(cpuBefore);
    const cpuSeconds = (cpu.user + cpu.system) / 1e6;
    const paid = (await services.db.select({ state: distributionRuns.state }).from(distributionRuns)).filter((r) => r.state === 'paid').length;
    if (summary.paid !== CAMPAIGNS || paid !== CAMPAIGNS) throw new Error(`expected ${CAMPAIGNS} paid runs, got ${summary.paid} (${paid} stored): ${JSON.stringify(summary, (_, v: unknown) => (typeof v === 'bigint' ? `${v}` : v))}`);
    const rows: DistributorBenchRow[] = [{
      bench: 'one distributor pass (harvest, withdraw, sell, pay)', campaigns: CAMPAIGNS, seconds: Number(seconds.toFixed(1)), cpuSeconds: Number(cpuSeconds.toFixed(1)),
      perCampaignMs: Number((seconds * 1000 / CAMPAIGNS).toFixed(1)), target: '< 60 s for 1,000', ok: seconds < 60 * CAMPAIGNS / 1000,
    }];
    console.table(rows);
    return rows;
  } finally {
    await closeServices(services);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}


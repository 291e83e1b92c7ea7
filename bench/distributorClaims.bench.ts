import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { closeServices, createLogger, createServices } from '../server/bootstrap';
import { distributionRuns } from '../server/db/schema';
import { distributorFor } from '../server/distributor';
import { loadEnv } from '../server/env';
import { setUpCampaignsWithFees } from './support/campaignsWithFees';

export type ClaimsBenchRow = { bench: string; campaigns: number; seconds: number; cpuSeconds: number; perCampaignMs: number; target: string; ok: boolean };

const CAMPAIGNS = Number(process.env.BENCH_CLAIMS_CAMPAIGNS ?? 1000);

/**
 * One distributor pass over 1,000 campaigns on their own DBC pools (issue 36's target: under
 * 30 s): each run claims the pool's accrued creator fee and sends it to the donation wallet in
 * one journaled transaction. The campaigns are launched the way creators launch them (prepare,
 * the creator's signed launch transaction with an initial buy, complete), on the product's
 * local ledger and database: PGlite in a temporary directory, or DATABASE_URL when set.
 */
export default async function claimsBench(): Promise<ClaimsBenchRow[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'causemint-claims-bench-'));
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
    if (summary.paid !== CAMPAIGNS || paid !== CAMPAIGNS) {
      throw new Error(`expected ${CAMPAIGNS} paid claims, got ${summary.paid} (${paid} stored): ${JSON.stringify(summary, (_, v: unknown) => (typeof v === 'bigint' ? `${v}` : v))}`);
    }
    const rows: ClaimsBenchRow[] = [{
      bench: 'one claim pass over DBC pools (claim to the donation wallet)', campaigns: CAMPAIGNS, seconds: Number(seconds.toFixed(1)),
      cpuSeconds: Number(cpuSeconds.toFixed(1)), perCampaignMs: Number((seconds * 1000 / CAMPAIGNS).toFixed(1)),
      target: '< 30 s for 1,000', ok: seconds < 30 * CAMPAIGNS / 1000,
    }];
    console.table(rows);
    return rows;
  } finally {
    await closeServices(services);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

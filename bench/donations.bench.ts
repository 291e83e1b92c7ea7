import { pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import { Keypair } from '@solana/web3.js';
import { DONATION_EVENT } from '../server/donations/indexer';
import { referenceOf } from '../server/donations/references';
import { donor, launchCampaign, sendSol } from '../server/donations/testing/donationFlow';
import { indexDonationsJob, startJobs, type Job } from '../server/jobs';
import { openBenchServices } from './support/benchServer';

export type DonationBenchRow = { bench: string; runs: number; p50: number; p95: number; unit: string; target: string; ok: boolean };

const CAMPAIGNS = 6;
const RUNS = 40;

/**
 * Indexer lag: from a donation transfer confirmed on the local ledger to its donation row
 * (seen as the `donation` live event, published after the row and the campaign's totals
 * are written), with the real job runner over six campaigns: as it runs locally (woken by
 * the ledger's commits), and polling only every DONATIONS_POLL_MS (as on a real cluster).
 * Transfers start at random moments of the poll cycle. PGlite in a temporary directory,
 * or DATABASE_URL when set.
 */
export default async function donationsBench(): Promise<DonationBenchRow[]> {
  const { services, close } = await openBenchServices('donations');
  const { env } = services;
  let runner: ReturnType<typeof startJobs> | undefined;
  try {
    // Wallets nobody proved: a transfer counts by the campaign's Solana Pay reference, as a donor's wallet sends it.
    const wallets: { wallet: string; reference: string }[] = [];
    for (let i = 0; i < CAMPAIGNS; i++) {
      const wallet = Keypair.generate().publicKey.toBase58();
      const { campaignId } = await launchCampaign(services, `Bench ${i}`, wallet);
      wallets.push({ wallet, reference: await referenceOf(services.db, campaignId) });
    }
    const giver = await donor(services, 'bench');
    const waiting = new Map<string, () => void>();
    const seen = new Set<string>();
    services.events.subscribe((event) => {
      if (event.type !== DONATION_EVENT) return;
      const signature = String(event.signature);
      seen.add(signature);
      waiting.get(signature)?.();
    });
    const measure = async (job: Job, label: string): Promise<DonationBenchRow> => {
      runner = startJobs(services, [job]);
      const lags: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        await new Promise((r) => setTimeout(r, Math.random() * env.DONATIONS_POLL_MS));
        const { wallet, reference } = wallets[i % wallets.length]!;
        const { signature } = await sendSol(services, giver, wallet, 10_000_000n + BigInt(lags.length) + BigInt(label.length) * 1000n, { references: [reference] });
        const confirmed = performance.now();
        if (!seen.has(signature)) await new Promise<void>((resolve) => waiting.set(signature, resolve));
        lags.push(performance.now() - confirmed);
        waiting.delete(signature);
      }
      await runner.stop();
      runner = undefined;
      const { p50, p95 } = percentiles(lags);
      return { bench: `donations: confirmed transfer -> indexed row, ${label}`, runs: RUNS, p50, p95, unit: 'ms', target: 'p95 < 2000', ok: p95 < 2000 };
    };
    const job = indexDonationsJob(env.DONATIONS_POLL_MS);
    const rows = [
      await measure(job, `${CAMPAIGNS} campaigns, woken by ledger commits`),
      await measure({ ...job, wake: undefined }, `${CAMPAIGNS} campaigns, polling every ${env.DONATIONS_POLL_MS} ms only`),
    ];
    console.table(rows);
    return rows;
  } finally {
    await runner?.stop();
    await close();
  }
}

function percentiles(times: number[]): { p50: number; p95: number } {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => Number(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!.toFixed(1));
  return { p50: at(0.5), p95: at(0.95) };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await donationsBench();

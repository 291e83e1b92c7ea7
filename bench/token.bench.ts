import { pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import { Keypair } from '@solana/web3.js';
import { CAMPAIGN_TAX_BPS } from '../core/constants';
import { buildCampaignTokenTransactions, signCampaignTokenPlan } from '../server/chain/token';

export type BenchRow = { bench: string; runs: number; medianMs: number; p95Ms: number; maxMs: number; targetMs: number; ok: boolean };

const RUNS = 300;
const TARGET_MS = 50;

/**
 * Server-side time to build, sign and serialise a campaign token's creation transactions.
 * The keypairs exist before (the mint's from prepare, the others from the key store).
 */
export default async function tokenBench(): Promise<BenchRow[]> {
  const blockhash = Keypair.generate().publicKey.toBase58();
  const [payer, pool, distributor, platform] = Array.from({ length: 4 }, () => Keypair.generate()) as [Keypair, Keypair, Keypair, Keypair];
  const mints = Array.from({ length: RUNS + 20 }, () => Keypair.generate());
  let next = 0;
  const once = () => {
    const mint = mints[next++]!;
    const plan = buildCampaignTokenTransactions({
      payer: payer.publicKey, mint: mint.publicKey, pool: pool.publicKey, distributor: distributor.publicKey,
      transferFeeBps: CAMPAIGN_TAX_BPS, transferFeeConfigAuthority: null, metadataUpdateAuthority: platform.publicKey,
      name: 'Clean Water for Kisumu', symbol: 'water', uri: `http://localhost:8787/api/metadata/${mint.publicKey.toBase58()}.json`,
    }, blockhash);
    signCampaignTokenPlan(plan, [payer, mint]);
  };
  for (let i = 0; i < 20; i++) once();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    once();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => Number(times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(3));
  const rows: BenchRow[] = [{
    bench: 'token: build + sign creation transactions', runs: RUNS,
    medianMs: at(0.5), p95Ms: at(0.95), maxMs: at(1), targetMs: TARGET_MS, ok: at(0.95) < TARGET_MS,
  }];
  console.table(rows);
  return rows;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await tokenBench();

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Keypair, LAMPORTS_PER_SOL } from '@solana/web3.js';
import { CAMPAIGN_TAX_BPS } from '../core/constants';
import { closeServices, createLogger, createServices } from '../server/bootstrap';
import { campaigns, distributionRuns } from '../server/db/schema';
import { distributorFor } from '../server/distributor';
import { loadEnv } from '../server/env';
import type { Services } from '../server/services';
import { createCurvePool } from '../server/trading';
import { poolTokenSetupTransactions } from '../server/trading/testing/poolTokenSetup';
import { signFast } from '../server/trading/testing/market';

export type DistributorBenchRow = { bench: string; campaigns: number; seconds: number; cpuSeconds: number; perCampaignMs: number; target: string; ok: boolean };

const CAMPAIGNS = Number(process.env.BENCH_DISTRIBUTOR_CAMPAIGNS ?? 1000);
const SOL = BigInt(LAMPORTS_PER_SOL);
const SETUP_CONCURRENCY = 4;

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
    const setupStarted = performance.now();
    const payer = Keypair.generate();
    const trader = Keypair.generate();
    await airdrop(services, payer, 20n * BigInt(CAMPAIGNS) / 10n + 10n);
    await airdrop(services, trader, BigInt(CAMPAIGNS) + 10n);
    await airdrop(services, (await services.keys.treasury()), 100n);
    let next = 0;
    await Promise.all(Array.from({ length: SETUP_CONCURRENCY }, async () => {
      for (let i = next++; i < CAMPAIGNS; i = next++) await setUpCampaign(services, payer, trader, i);
    }));
    console.log(`set up ${CAMPAIGNS} campaigns with fees withheld in ${((performance.now() - setupStarted) / 1000).toFixed(1)} s`);

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

async function airdrop(services: Services, to: Keypair, sol: bigint): Promise<void> {
  const outcome = await services.chain.ledger!.airdrop(to.publicKey.toBase58(), sol * SOL);
  if (outcome.kind !== 'landed') throw new Error(`airdrop failed: ${JSON.stringify(outcome)}`);
}

async function setUpCampaign(services: Services, payer: Keypair, trader: Keypair, i: number): Promise<void> {
  const ledger = services.chain.ledger!;
  const mint = Keypair.generate();
  const mintAddress = mint.publicKey.toBase58();
  const [pool, distributor] = await Promise.all([services.keys.getOrCreate('pool', mintAddress), services.keys.getOrCreate('distributor', mintAddress)]);
  for (const wire of poolTokenSetupTransactions({
    payer, mint, pool: pool.publicKey, distributor: distributor.publicKey, metadataAuthority: payer.publicKey,
    name: `Bench ${i}`, symbol: 'BENCH',
  }, ledger.latestBlockhash.blockhash)) {
    const outcome = await ledger.send(wire, { preflight: true });
    if (outcome.kind !== 'landed' || outcome.record.err) throw new Error(`setup failed: ${JSON.stringify(outcome)}`);
  }
  const [row] = await services.db.insert(campaigns).values({
    creatorWallet: payer.publicKey.toBase58(), ticker: 'BENCH', name: `Bench ${i}`, goalLamports: 100n * SOL, tokenAddress: mintAddress,
    poolAddress: pool.publicKey.toBase58(), distributorWallet: distributor.publicKey.toBase58(),
    donationWallet: Keypair.generate().publicKey.toBase58(), bondingCurveType: 1,
  }).returning({ id: campaigns.id });
  await createCurvePool(services.db, { mint: mintAddress, poolWallet: pool.publicKey.toBase58(), curveType: 1, transferFeeBps: CAMPAIGN_TAX_BPS, campaignId: row!.id });
  // A 0.5 SOL buy withholds 6% of its tokens: a donation of about 0.024 SOL, above the dust floor.
  const quote = await services.trading.book.buildBuyQuote({ mint: mintAddress, trader: trader.publicKey.toBase58(), solIn: SOL / 2n, slippageBps: 10_000 });
  await services.trading.book.execute(signFast(quote.transactionBase64, trader));
}

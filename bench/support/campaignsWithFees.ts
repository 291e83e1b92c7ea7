// Campaigns with fees withheld for the distributor to pay out, set up faster than the launch
// flow but real: a Token-2022 mint with its fee, the supply in a pool wallet, a curve pool row,
// a campaign with a donation wallet and a platform distributor key, and a real buy that
// withholds fees. Shared by the distributor and stalls benches.

import { performance } from 'node:perf_hooks';
import { Keypair, LAMPORTS_PER_SOL } from '@solana/web3.js';
import { CAMPAIGN_TAX_BPS } from '../../core/constants';
import { campaigns } from '../../server/db/schema';
import type { Services } from '../../server/services';
import { createCurvePool } from '../../server/trading';
import { poolTokenSetupTransactions } from '../../server/trading/testing/poolTokenSetup';
import { signFast } from '../../server/trading/testing/market';

const SOL = BigInt(LAMPORTS_PER_SOL);
const SETUP_CONCURRENCY = 4;

/** `count` campaigns, each with about 0.024 SOL of donation waiting in withheld fees; returns their mints. */
export async function setUpCampaignsWithFees(services: Services, count: number): Promise<string[]> {
  const setupStarted = performance.now();
  const payer = Keypair.generate();
  const trader = Keypair.generate();
  await airdrop(services, payer, 20n * BigInt(count) / 10n + 10n);
  await airdrop(services, trader, BigInt(count) + 10n);
  await airdrop(services, (await services.keys.treasury()), 100n);
  const mints: string[] = [];
  let next = 0;
  await Promise.all(Array.from({ length: SETUP_CONCURRENCY }, async () => {
    for (let i = next++; i < count; i = next++) mints.push(await setUpCampaign(services, payer, trader, i));
  }));
  console.log(`set up ${count} campaigns with fees withheld in ${((performance.now() - setupStarted) / 1000).toFixed(1)} s`);
  return mints;
}

async function airdrop(services: Services, to: Keypair, sol: bigint): Promise<void> {
  const outcome = await services.chain.ledger!.airdrop(to.publicKey.toBase58(), sol * SOL);
  if (outcome.kind !== 'landed') throw new Error(`airdrop failed: ${JSON.stringify(outcome)}`);
}

async function setUpCampaign(services: Services, payer: Keypair, trader: Keypair, i: number): Promise<string> {
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
  return mintAddress;
}

// Campaigns on their own DBC pools with a fee waiting for the distributor to claim, launched the
// way creators launch them (prepare, the creator's signed launch transaction with an initial
// buy, complete) on the product's local ledger. Shared by the claims and stalls benches.

import { performance } from 'node:perf_hooks';
import { Keypair, Transaction } from '@solana/web3.js';
import { LAMPORTS_PER_SOL } from '../../core/constants';
import { completeDbcLaunch } from '../../server/curve/completeLaunch';
import { prepareDbcLaunch } from '../../server/curve/launchCampaign';
import { dbcLaunchForm } from '../../server/curve/testing/dbcCampaign';
import type { Services } from '../../server/services';

const LAUNCH_CONCURRENCY = 8;
// Each launch's initial buy: its 6% pool fee is what a pass claims (0.0048 SOL for the cause, above the floor).
const INITIAL_BUY = LAMPORTS_PER_SOL / 10n;

/** `count` DBC campaigns, each with its initial buy's fee accrued in its pool; returns their mints. */
export async function setUpCampaignsWithFees(services: Services, count: number): Promise<string[]> {
  const started = performance.now();
  const mints: string[] = [];
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < count; i = next++) {
      const creator = Keypair.generate();
      const creatorWallet = creator.publicKey.toBase58();
      await services.chain.airdrop!(creatorWallet, LAMPORTS_PER_SOL);
      const prepared = await prepareDbcLaunch(services, {
        creatorWallet, initialBuyLamports: INITIAL_BUY,
        form: dbcLaunchForm(Keypair.generate().publicKey.toBase58(), { ticker: `c${i}`, name: `Bench campaign ${i}` }),
      });
      const tx = Transaction.from(Buffer.from(prepared.transaction, 'base64'));
      tx.partialSign(creator);
      const done = await completeDbcLaunch(services, { requestId: prepared.requestId, creatorWallet, signedTransaction: tx.serialize().toString('base64') });
      mints.push(done.mintAddress);
    }
  };
  await Promise.all(Array.from({ length: LAUNCH_CONCURRENCY }, worker));
  console.log(`${count} DBC campaigns launched with an initial buy's fee in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return mints;
}

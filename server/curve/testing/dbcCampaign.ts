// A campaign on its own DBC pool, launched the way a creator launches one (prepare, the
// creator's signature, complete), for the tests of everything built on it.

import { Keypair, Transaction } from '@solana/web3.js';
import { LAMPORTS_PER_SOL } from '../../../core/constants';
import type { LaunchForm } from '../../db/schema';
import type { Services } from '../../services';
import { completeDbcLaunch } from '../completeLaunch';
import { prepareDbcLaunch } from '../launchCampaign';

export function dbcLaunchForm(donationWallet: string, over: Partial<LaunchForm> = {}): LaunchForm {
  return {
    name: 'Clean Water for Kisumu', ticker: 'water', description: 'Wells for three villages.', imageUrl: '/ipfs/bafylogo', videoUrl: null,
    photos: [], website: null, twitter: null, telegram: null, category: 'Community', goalLamports: (50n * LAMPORTS_PER_SOL).toString(),
    donationWallet, bondingCurveType: 1, ref: null, ...over,
  };
}

export async function launchDbcCampaign(services: Services, options: { creator?: Keypair; initialBuyLamports?: bigint; form?: Partial<LaunchForm> } = {}) {
  const creator = options.creator ?? Keypair.generate();
  const donationWallet = Keypair.generate().publicKey.toBase58();
  await services.chain.airdrop!(creator.publicKey.toBase58(), 5n * LAMPORTS_PER_SOL);
  const prepared = await prepareDbcLaunch(services, {
    creatorWallet: creator.publicKey.toBase58(), form: dbcLaunchForm(donationWallet, options.form),
    initialBuyLamports: options.initialBuyLamports ?? 0n,
  });
  const tx = Transaction.from(Buffer.from(prepared.transaction, 'base64'));
  tx.partialSign(creator);
  const done = await completeDbcLaunch(services, { requestId: prepared.requestId, creatorWallet: creator.publicKey.toBase58(), signedTransaction: tx.serialize().toString('base64') });
  return { ...done, mint: done.mintAddress, signature: done.txSignature, creator, donationWallet, requestId: prepared.requestId };
}

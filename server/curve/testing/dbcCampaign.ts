// A campaign on its own DBC pool, launched the way a creator launches one (prepare, the
// creator's signature, complete), for the tests of everything built on it.

import { Keypair, Transaction } from '@solana/web3.js';
import type { FastifyInstance } from 'fastify';
import type { DbcSignRequest } from '../../../core/schemas/launch';
import { LAMPORTS_PER_SOL } from '../../../core/constants';
import type { LaunchForm } from '../../db/schema';
import type { CreateResult } from '../launchTerms';
import type { Services } from '../../services';
import { signInWallet, type SignedIn } from '../../testing/wallet';
import { completeDbcLaunch } from '../completeLaunch';
import { prepareDbcLaunch } from '../launchCampaign';

export function dbcLaunchForm(donationWallet: string, over: Partial<LaunchForm> = {}): LaunchForm {
  return {
    name: 'Clean Water for Kisumu', ticker: 'water', description: 'Wells for three villages.', imageUrl: '/ipfs/bafylogo', videoUrl: null,
    photos: [], website: null, twitter: null, telegram: null, category: 'Community', goalLamports: (50n * LAMPORTS_PER_SOL).toString(),
    donationWallet, bondingCurveType: 1, ref: null, ...over,
  };
}

export async function launchDbcCampaign(services: Services, options: { creator?: Keypair; initialBuyLamports?: bigint; donationWallet?: string; form?: Partial<LaunchForm> } = {}) {
  const creator = options.creator ?? Keypair.generate();
  const donationWallet = options.donationWallet ?? Keypair.generate().publicKey.toBase58();
  await services.chain.airdrop!(creator.publicKey.toBase58(), 5n * LAMPORTS_PER_SOL + (options.initialBuyLamports ?? 0n));
  const prepared = await prepareDbcLaunch(services, {
    creatorWallet: creator.publicKey.toBase58(), form: dbcLaunchForm(donationWallet, options.form),
    initialBuyLamports: options.initialBuyLamports ?? 0n,
  });
  const tx = Transaction.from(Buffer.from(prepared.transaction, 'base64'));
  tx.partialSign(creator);
  const done = await completeDbcLaunch(services, { requestId: prepared.requestId, creatorWallet: creator.publicKey.toBase58(), signedTransaction: tx.serialize().toString('base64') });
  return { ...done, mint: done.mintAddress, signature: done.txSignature, creator, donationWallet, requestId: prepared.requestId };
}

/**
 * The same launch through the HTTP routes a browser calls, as the signed-in creator: prepare, create (the body is the
 * Start Campaign form's, `body` over the defaults), the wallet's signature, complete. Throws on any refusal.
 */
export async function launchDbcCampaignOverHttp(
  app: FastifyInstance, user: { wallet: string; keypair: Keypair; cookie: string }, body: Record<string, unknown> = {},
): Promise<CreateResult & { mint: string; donationWallet: string }> {
  const initialBuy = typeof body.initialBuy === 'string' ? body.initialBuy : '0';
  const headers = { cookie: user.cookie };
  const prepared = await app.inject({ method: 'GET', url: `/api/revshare/prepare?initialBuy=${encodeURIComponent(initialBuy)}`, headers });
  if (prepared.statusCode !== 200) throw new Error(`prepare: ${prepared.statusCode} ${prepared.body}`);
  const requestId = prepared.json<{ request_id: string }>().request_id;
  const donationWallet = typeof body.donationWallet === 'string' ? body.donationWallet : Keypair.generate().publicKey.toBase58();
  const created = await app.inject({
    method: 'POST', url: '/api/revshare/create', headers, payload: {
      request_id: requestId, name: 'Clean Water for Kisumu', ticker: 'water', description: 'Wells for three villages.',
      imageUrl: '/ipfs/bafkreia5qq7jzb4xq3yqz4rfsyvbdrgdn7xdsm6p3q4nyr4k2kmcyz6dqe', developerWallet: user.wallet,
      decimals: 9, taxTier: 6, visible: 1, mode: 0, dev_fee_percentage: 50, reward_ca: '', initialBuy, bondingCurveType: 1, ref: '',
      category: 'Community', goal: '50', ...body, donationWallet,
    },
  });
  if (created.statusCode !== 200) throw new Error(`create: ${created.statusCode} ${created.body}`);
  const tx = Transaction.from(Buffer.from(created.json<DbcSignRequest>().transactionBase64, 'base64'));
  tx.partialSign(user.keypair);
  const done = await app.inject({ method: 'POST', url: '/api/revshare/complete', headers, payload: { request_id: requestId, signedTransaction: tx.serialize().toString('base64') } });
  if (done.statusCode !== 200) throw new Error(`complete: ${done.statusCode} ${done.body}`);
  const result = done.json<CreateResult>();
  return { ...result, mint: result.mintAddress, donationWallet };
}

/** A signed-in wallet (its session cookie) holding `lamports` on the test ledger. */
export async function fundedSignedIn(app: FastifyInstance, services: Services, lamports = 5n * LAMPORTS_PER_SOL): Promise<SignedIn> {
  const user = await signInWallet(app);
  await services.chain.airdrop!(user.wallet, lamports);
  return user;
}

// Drives a launch through the real HTTP API of a test app: sign in, airdrop, prepare, create.
// Used by the launch tests and the benches (curve/testing/dbcCampaign.ts signs and completes).

import { LAMPORTS_PER_SOL, type PublicKey } from '@solana/web3.js';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../services';
import { signInWallet, type SignedIn } from './wallet';

export const DONATION_WALLET = '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU';

export type Prepared = {
  request_id: string; distribution_wallet: string; amount_to_fund: number; amount_to_fund_lamports: string; token_address: string;
};

export function createBody(user: SignedIn, requestId: string, patch: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    request_id: requestId, name: 'Clean Water for Kisumu', ticker: 'water', description: 'Wells for three villages.',
    imageUrl: '/ipfs/bafkreia5qq7jzb4xq3yqz4rfsyvbdrgdn7xdsm6p3q4nyr4k2kmcyz6dqe', developerWallet: user.wallet,
    website: 'https://water.example.org', twitter: '@cleanwater', telegram: 't.me/cleanwater', decimals: 9, taxTier: 6,
    visible: 1, mode: 0, dev_fee_percentage: 50, reward_ca: '', initialBuy: '0.5', bondingCurveType: 1, ref: '',
    category: 'Community', goal: '50', donationWallet: DONATION_WALLET,
    ...patch,
  };
}

export async function airdrop(services: Services, wallet: PublicKey, sol: number): Promise<void> {
  const outcome = await services.chain.ledger!.airdrop(wallet.toBase58(), BigInt(sol * LAMPORTS_PER_SOL));
  if (outcome.kind !== 'landed' || outcome.record.err) throw new Error(`airdrop failed: ${JSON.stringify(outcome)}`);
}

export async function signedInCreator(app: FastifyInstance, services: Services, sol = 5): Promise<SignedIn> {
  const user = await signInWallet(app);
  await airdrop(services, user.keypair.publicKey, sol);
  return user;
}

export async function prepare(app: FastifyInstance, user: SignedIn, initialBuy?: string): Promise<Prepared> {
  const res = await app.inject({
    method: 'GET', url: `/api/revshare/prepare${initialBuy === undefined ? '' : `?initialBuy=${encodeURIComponent(initialBuy)}`}`,
    headers: { cookie: user.cookie },
  });
  if (res.statusCode !== 200) throw new Error(`prepare: ${res.statusCode} ${res.body}`);
  return res.json() as Prepared;
}

export function create(app: FastifyInstance, user: SignedIn, body: Record<string, unknown>) {
  return app.inject({ method: 'POST', url: '/api/revshare/create', headers: { cookie: user.cookie }, payload: body });
}

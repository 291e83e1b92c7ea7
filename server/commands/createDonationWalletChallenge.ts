import { randomBytes } from 'node:crypto';
import bs58 from 'bs58';
import { lt } from 'drizzle-orm';
import { DONATION_WALLET_CHALLENGE_TTL_MS } from '../../core/constants';
import { buildDonationWalletMessage, chainIdOf } from '../auth/wallet/message';
import { authNonces } from '../db/schema';
import type { Services } from '../services';

export type DonationWalletChallenge = { nonce: string; message: string; donationWallet: string; creatorWallet: string; expiresAt: Date };

/**
 * Issues a single-use request for `donationWallet` to sign: its consent that plain transfers
 * to it count for `creatorWallet`'s campaigns. Any wallet can sign it only if it holds that key.
 */
export async function createDonationWalletChallenge(
  services: Services, props: { creatorWallet: string; donationWallet: string },
): Promise<DonationWalletChallenge> {
  const { db, env } = services;
  const now = services.now();
  const nonce = bs58.encode(randomBytes(16));
  const expiresAt = new Date(now.getTime() + DONATION_WALLET_CHALLENGE_TTL_MS);
  const site = new URL(env.publicUrl);
  const message = buildDonationWalletMessage({
    domain: site.host, uri: site.origin, chainId: chainIdOf(env.SOLANA_CLUSTER), nonce, issuedAt: now, expiresAt, ...props,
  });
  await db.delete(authNonces).where(lt(authNonces.expiresAt, now));
  await db.insert(authNonces).values({
    nonce, walletAddress: props.donationWallet, creatorWallet: props.creatorWallet, purpose: 'donation_wallet', message, createdAt: now, expiresAt,
  });
  return { nonce, message, expiresAt, ...props };
}

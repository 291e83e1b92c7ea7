import { randomBytes } from 'node:crypto';
import bs58 from 'bs58';
import { lt } from 'drizzle-orm';
import { AUTH_NONCE_TTL_MS } from '../../core/constants';
import { buildSignInMessage, chainIdOf } from '../auth/wallet/message';
import { authNonces } from '../db/schema';
import type { Services } from '../services';

export type AuthChallenge = { message: string; nonce: string; expiresAt: Date };

/** Issues a single-use sign-in nonce for a wallet and the exact message it must sign. */
export async function createAuthChallenge(services: Services, wallet: string): Promise<AuthChallenge> {
  const { db, env } = services;
  const now = services.now();
  const nonce = bs58.encode(randomBytes(16));
  const expiresAt = new Date(now.getTime() + AUTH_NONCE_TTL_MS);
  const site = new URL(env.publicUrl);
  const message = buildSignInMessage({
    domain: site.host, wallet, uri: site.origin, chainId: chainIdOf(env.SOLANA_CLUSTER), nonce, issuedAt: now, expiresAt,
  });
  // Expired challenges can never be used again: drop them as new ones are made.
  await db.delete(authNonces).where(lt(authNonces.expiresAt, now));
  await db.insert(authNonces).values({ nonce, walletAddress: wallet, message, createdAt: now, expiresAt });
  return { message, nonce, expiresAt };
}

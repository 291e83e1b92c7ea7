import { eq } from 'drizzle-orm';
import { WALLET_AUTH_VALIDITY_MS } from '../../core/constants';
import type { ClientInfo } from '../auth/wallet/clientInfo';
import { nonceOf } from '../auth/wallet/message';
import { newSessionToken, sha256Hex } from '../auth/wallet/session';
import { verifyWalletSignature } from '../auth/wallet/signature';
import { authNonces, userSessions } from '../db/schema';
import { unauthorized } from '../http/errors';
import type { Services } from '../services';

/**
 * What a session row keeps of its client without analytics consent: none of the analytics fields
 * (address, user agent, referrer, browser, place). The device column cannot be empty, so it keeps
 * its default; the admin's device split and countries count only sessions that stored their
 * address (`ip_address is not null`, stored exactly when consent was given).
 */
const WITHOUT_ANALYTICS = {
  ipAddress: null, userAgent: null, referrer: null, browser: 'unknown', country: 'unknown', city: 'unknown', region: 'unknown',
} as const;

export type SignInProof = { wallet: string; message: string; signature: string };
export type StartedSession = { token: string; wallet: string; expiresAt: Date; isNewUser: boolean };

/**
 * Checks a signed sign-in message and opens a session. The nonce is consumed and the
 * session row written in one transaction, with the nonce row locked: of two requests
 * replaying one signature, exactly one succeeds. Any refusal writes nothing. The client's
 * analytics fields are stored only with the request's analytics consent; the session works either way.
 */
export async function startWalletSession(services: Services, proof: SignInProof, client: ClientInfo, analyticsConsent: boolean): Promise<StartedSession> {
  const { wallet, message, signature } = proof;
  if (!verifyWalletSignature(wallet, message, signature)) throw unauthorized('Invalid signature');
  const nonce = nonceOf(message);
  if (!nonce) throw unauthorized('This is not a sign-in message issued by this site');
  const now = services.now();

  return services.db.transaction(async (tx) => {
    const [challenge] = await tx.select().from(authNonces).where(eq(authNonces.nonce, nonce)).for('update');
    if (!challenge || challenge.purpose !== 'sign_in' || challenge.message !== message || challenge.walletAddress !== wallet) {
      throw unauthorized('This is not a sign-in message issued by this site');
    }
    if (challenge.usedAt) throw unauthorized('This sign-in message has already been used');
    if (challenge.expiresAt.getTime() <= now.getTime()) throw unauthorized('This sign-in message has expired');
    await tx.update(authNonces).set({ usedAt: now }).where(eq(authNonces.nonce, nonce));

    const [earlier] = await tx.select({ id: userSessions.id }).from(userSessions).where(eq(userSessions.walletAddress, wallet)).limit(1);
    const isNewUser = !earlier;
    const token = newSessionToken();
    const expiresAt = new Date(now.getTime() + WALLET_AUTH_VALIDITY_MS);
    await tx.insert(userSessions).values({
      walletAddress: wallet,
      sessionTokenHash: sha256Hex(token),
      signature,
      nonce,
      ...(analyticsConsent ? {
        ipAddress: client.ip,
        userAgent: client.userAgent,
        referrer: client.referrer,
        deviceType: client.deviceType,
        browser: client.browser,
        country: client.country,
        city: client.city,
        region: client.region,
      } : WITHOUT_ANALYTICS),
      isNewUser,
      authSignatureHash: sha256Hex(signature),
      authMessage: message,
      authNonce: nonce,
      actionsTaken: ['authenticated'],
      lastActivity: now,
      createdAt: now,
      expiresAt,
    });
    return { token, wallet, expiresAt, isNewUser };
  });
}

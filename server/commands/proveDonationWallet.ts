import { eq } from 'drizzle-orm';
import { nonceOf } from '../auth/wallet/message';
import { verifyWalletSignature } from '../auth/wallet/signature';
import { authNonces, donationWalletProofs } from '../db/schema';
import { badRequest } from '../http/errors';
import type { Services } from '../services';

export const PROOF_MESSAGES = {
  invalidSignature: 'The signature does not match the donation wallet',
  unknown: 'This is not a confirmation request issued by this site',
  used: 'This confirmation request has already been used',
  expired: 'This confirmation request has expired: ask for a new one',
} as const;

export type DonationWalletProof = { creatorWallet: string; donationWallet: string; provedAt: Date };

/**
 * Stores a donation wallet's signed consent. The request is consumed and the proof written
 * in one transaction, with the request's row locked: a signature is used once. Any
 * refusal writes nothing.
 */
export async function proveDonationWallet(services: Services, props: { nonce: string; signature: string }): Promise<DonationWalletProof> {
  const now = services.now();
  return services.db.transaction(async (tx) => {
    const [challenge] = await tx.select().from(authNonces).where(eq(authNonces.nonce, props.nonce)).for('update');
    if (!challenge || challenge.purpose !== 'donation_wallet' || !challenge.creatorWallet || nonceOf(challenge.message) !== props.nonce) {
      throw badRequest(PROOF_MESSAGES.unknown);
    }
    if (!verifyWalletSignature(challenge.walletAddress, challenge.message, props.signature)) throw badRequest(PROOF_MESSAGES.invalidSignature);
    if (challenge.usedAt) throw badRequest(PROOF_MESSAGES.used);
    if (challenge.expiresAt.getTime() <= now.getTime()) throw badRequest(PROOF_MESSAGES.expired);
    await tx.update(authNonces).set({ usedAt: now }).where(eq(authNonces.nonce, props.nonce));
    const proof = { creatorWallet: challenge.creatorWallet, donationWallet: challenge.walletAddress, provedAt: now };
    await tx.insert(donationWalletProofs).values({ ...proof, message: challenge.message, signature: props.signature })
      .onConflictDoUpdate({
        target: [donationWalletProofs.creatorWallet, donationWalletProofs.donationWallet],
        set: { message: challenge.message, signature: props.signature, provedAt: now },
      });
    return proof;
  });
}

import { randomBytes } from 'node:crypto';
import { PublicKey } from '@solana/web3.js';
import { eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { campaigns, donationReferences } from '../db/schema';

/** A Solana Pay reference: any 32 bytes as a public key; nobody holds its secret, nobody needs to. */
export function newReferenceKey(): string {
  return new PublicKey(randomBytes(32)).toBase58();
}

/**
 * Gives every campaign without a reference (launched before references existed, or a
 * test campaign) one. Idempotent and safe to race: a campaign keeps the first one stored.
 */
export async function ensureDonationReferences(db: Db): Promise<number> {
  const missing = await db.select({ id: campaigns.id }).from(campaigns)
    .leftJoin(donationReferences, eq(donationReferences.campaignId, campaigns.id))
    .where(isNull(donationReferences.campaignId));
  if (missing.length === 0) return 0;
  const inserted = await db.insert(donationReferences)
    .values(missing.map(({ id }) => ({ campaignId: id, reference: newReferenceKey() })))
    .onConflictDoNothing({ target: donationReferences.campaignId })
    .returning({ id: donationReferences.campaignId });
  return inserted.length;
}

/** The campaign's reference, created on first use. */
export async function referenceOf(db: Db, campaignId: number): Promise<string> {
  await db.insert(donationReferences).values({ campaignId, reference: newReferenceKey() })
    .onConflictDoNothing({ target: donationReferences.campaignId });
  const [row] = await db.select({ reference: donationReferences.reference }).from(donationReferences)
    .where(eq(donationReferences.campaignId, campaignId));
  return row!.reference;
}

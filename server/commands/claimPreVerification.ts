import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { verificationRequests } from '../db/schema';

/**
 * At launch: an approved pre-verification (no token address yet) of this creator wallet for
 * this ticker (case-insensitive) is used up by the new campaign, which is then saved verified,
 * as the Get Verified page and its FAQ promise. The request is linked to the campaign's token
 * address, so no later campaign of the same ticker takes it again; another wallet's request
 * never matches (a ticker is not unique). Run inside the launch's transaction; the row lock
 * and the `token_address is null` condition let only one of two racing launches claim it.
 * Returns whether the campaign is verified.
 */
export async function claimPreVerification(tx: Db, props: { creatorWallet: string; ticker: string; mint: string }): Promise<boolean> {
  const [candidate] = await tx.select({ id: verificationRequests.id }).from(verificationRequests)
    .where(and(
      eq(verificationRequests.creatorWallet, props.creatorWallet),
      eq(verificationRequests.status, 'approved'),
      isNull(verificationRequests.tokenAddress),
      eq(sql`upper(${verificationRequests.campaignTicker})`, props.ticker.toUpperCase()),
    ))
    .orderBy(asc(verificationRequests.reviewedAt), asc(verificationRequests.id)).limit(1).for('update');
  if (!candidate) return false;
  const claimed = await tx.update(verificationRequests).set({ tokenAddress: props.mint })
    .where(and(eq(verificationRequests.id, candidate.id), isNull(verificationRequests.tokenAddress)))
    .returning({ id: verificationRequests.id });
  return claimed.length > 0;
}

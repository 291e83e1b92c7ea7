import { PublicKey } from '@solana/web3.js';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { CampaignVerification, CauseFacts } from '../../core/trust';
import type { ChainService } from '../chain/service';
import type { Db } from '../db/client';
import { distributionRuns, verificationRequests } from '../db/schema';
import { recipientsOf, type Recipient } from '../donations/recipients';

type CauseCampaign = { id: number; tokenAddress: string; creatorWallet: string; donationWallet: string | null; verified: boolean };

/** A wallet's age is read from at most this many of its newest signatures; busier wallets are old enough to say "at least". */
const AGE_PAGE = 1_000;

// A first transaction, once seen, stays the first: kept per wallet and chain (a never-used wallet is asked again next time).
const firstSeenByChain = new WeakMap<object, Map<string, { at: Date; exact: boolean }>>();

/** The wallet's oldest transaction we can see, through RPC (one getSignaturesForAddress), so the same on a cluster. */
async function walletFirstSeen(chain: Pick<ChainService, 'connection'>, wallet: string): Promise<{ at: Date | null; exact: boolean }> {
  let firstSeen = firstSeenByChain.get(chain);
  if (!firstSeen) firstSeenByChain.set(chain, firstSeen = new Map());
  const known = firstSeen.get(wallet);
  if (known) return known;
  const page = await chain.connection.getSignaturesForAddress(new PublicKey(wallet), { limit: AGE_PAGE }, 'confirmed');
  const oldest = page.at(-1);
  if (!oldest) return { at: null, exact: true };
  const seen = { at: new Date((oldest.blockTime ?? 0) * 1000), exact: page.length < AGE_PAGE };
  if (firstSeen.size > 10_000) firstSeen.clear();
  // A busy wallet's lower bound moves as it gets busier: only an exact first transaction is kept.
  if (seen.exact) firstSeen.set(wallet, seen);
  return seen;
}

async function donationWalletKind(db: Db, campaign: CauseCampaign): Promise<Recipient> {
  return (await recipientsOf(db, [campaign]))(campaign);
}

async function verificationOf(db: Db, campaign: CauseCampaign): Promise<CampaignVerification> {
  if (campaign.verified) return 'verified';
  const [request] = await db.select({ status: verificationRequests.status }).from(verificationRequests)
    .where(eq(verificationRequests.tokenAddress, campaign.tokenAddress)).orderBy(desc(verificationRequests.submittedAt)).limit(1);
  if (!request) return 'not_requested';
  // An approval sets `verified`: an approved request on an unverified campaign was withdrawn since.
  return request.status === 'approved' ? 'revoked' : request.status === 'rejected' ? 'rejected' : 'pending';
}

/** The cause: what the donation wallet is, its age, the distributor's paid runs, the campaign's verification. */
export async function causeFacts(db: Db, chain: Pick<ChainService, 'connection'>, campaign: CauseCampaign): Promise<CauseFacts> {
  const r = distributionRuns;
  const [kind, age, [paid], verification] = await Promise.all([
    donationWalletKind(db, campaign),
    campaign.donationWallet ? walletFirstSeen(chain, campaign.donationWallet) : Promise.resolve({ at: null, exact: true }),
    db.select({
      count: sql<number>`count(*)::int`, lamports: sql<string>`coalesce(sum(${r.donationLamports}), 0)::text`, lastAt: sql<string | null>`max(${r.paidAt})::text`,
    }).from(r).where(and(eq(r.campaignId, campaign.id), eq(r.state, 'paid'))),
    verificationOf(db, campaign),
  ]);
  return {
    donationWallet: campaign.donationWallet,
    ...kind,
    firstSeenAt: age.at,
    firstSeenExact: age.exact,
    payouts: { count: paid?.count ?? 0, lamports: BigInt(paid?.lamports ?? 0), lastAt: paid?.lastAt ? new Date(paid.lastAt) : null },
    verification,
  };
}

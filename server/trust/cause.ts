import { PublicKey } from '@solana/web3.js';
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { CampaignVerification, CauseFacts, WalletProof } from '../../core/trust';
import type { ChainService } from '../chain/service';
import type { Db } from '../db/client';
import { distributionRuns, donationWalletProofs, verificationRequests } from '../db/schema';
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

/**
 * The signed consent that proves the donation wallet for this creator: the wallet itself signed
 * (the proof's message names it, and the signature was checked against it), answering the
 * confirmation request the creator asked for. null when there is none.
 */
export async function walletProofOf(db: Db, creatorWallet: string, donationWallet: string | null): Promise<WalletProof | null> {
  if (!donationWallet || donationWallet === creatorWallet) return null;
  const p = donationWalletProofs;
  const [row] = await db.select({ signer: p.donationWallet, provedAt: p.provedAt }).from(p)
    .where(and(eq(p.creatorWallet, creatorWallet), eq(p.donationWallet, donationWallet)));
  return row ? { signer: row.signer, provedAt: row.provedAt, flow: 'confirmation_request' } : null;
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
  const [kind, proof, age, [paid], verification] = await Promise.all([
    donationWalletKind(db, campaign),
    walletProofOf(db, campaign.creatorWallet, campaign.donationWallet),
    campaign.donationWallet ? walletFirstSeen(chain, campaign.donationWallet) : Promise.resolve({ at: null, exact: true }),
    // The platform's claims of its share of the campaign's pool (partner_claim) pay the treasury, not the cause.
    db.select({
      count: sql<number>`count(*)::int`, lamports: sql<string>`coalesce(sum(${r.donationLamports}), 0)::text`, lastAt: sql<string | null>`max(${r.paidAt})::text`,
    }).from(r).where(and(eq(r.campaignId, campaign.id), eq(r.state, 'paid'), ne(r.kind, 'partner_claim'))),
    verificationOf(db, campaign),
  ]);
  return {
    donationWallet: campaign.donationWallet,
    ...kind,
    proof: kind.kind === 'proven' ? proof : null,
    firstSeenAt: age.at,
    firstSeenExact: age.exact,
    payouts: { count: paid?.count ?? 0, lamports: BigInt(paid?.lamports ?? 0), lastAt: paid?.lastAt ? new Date(paid.lastAt) : null },
    verification,
  };
}

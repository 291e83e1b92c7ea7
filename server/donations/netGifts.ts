// One transaction's direct donations into a donation wallet, netted against what that
// wallet itself put into each sender (core/donations/netting.ts has the rule).

import { and, eq, gte, inArray, lte, ne, sql } from 'drizzle-orm';
import {
  FUNDED_WALLETS_TRACED, netGift, NETTING_WINDOW_MS, type Credit, type CreditUse, type NettedGift,
} from '../../core/donations/netting';
import type { Db } from '../db/client';
import { donationNettings, donationWalletOutflows } from '../db/schema';
import type { ClassifiedDonation } from './classify';
import { traceHops, type ChainHistory, type Outflow } from './hops';
import type { PlatformAddresses } from './platformAddresses';

export type GiftContext = { wallet: string; signature: string; slot: bigint; blockTime: Date };
export type NettedClaim = ClassifiedDonation & { netted: NettedGift };

/**
 * Nets each direct claim's share (rewards and empty shares pass as they are). Reads the
 * wallet's recorded outflows and earlier nettings, so the caller must have stored every
 * earlier transaction of the wallet's history first.
 */
export async function netGifts(
  db: Db, history: ChainHistory, platform: PlatformAddresses, gift: GiftContext, claims: ClassifiedDonation[],
): Promise<NettedClaim[]> {
  const out: NettedClaim[] = [];
  // Uses by an earlier claim of this same transaction count too.
  const usedHere = new Map<string, bigint>();
  for (const claim of claims) {
    if (claim.kind !== 'direct' || claim.share === 0n) {
      out.push({ ...claim, netted: { counted: claim.share, roundTrip: 0n, hop: 0n, unchecked: 0n, uses: [] } });
      continue;
    }
    const timeMs = gift.blockTime.getTime();
    const [own, funded] = await Promise.all([
      ownTransfersTo(db, gift, claim.from),
      fundedWallets(db, platform, gift, claim.from),
    ]);
    const trace = await traceHops(history, { sender: claim.from, signature: gift.signature, timeMs }, funded);
    const credits = await withUses(db, gift.wallet, claim.from, [...own, ...trace.credits], usedHere);
    const netted = netGift({ lamports: claim.share, timeMs }, credits, { traced: trace.traced });
    for (const use of netted.uses) usedHere.set(`${claim.from}/${use.key}`, (usedHere.get(`${claim.from}/${use.key}`) ?? 0n) + use.lamports);
    out.push({ ...claim, netted });
  }
  return out;
}

const inWindowBefore = (gift: GiftContext, windows: number) => and(
  eq(donationWalletOutflows.wallet, gift.wallet),
  gte(donationWalletOutflows.blockTime, new Date(gift.blockTime.getTime() - windows * NETTING_WINDOW_MS)),
  lte(donationWalletOutflows.slot, gift.slot),
  ne(donationWalletOutflows.signature, gift.signature),
);

/** The wallet's own transfers to the sender in the window before the gift: round-trip credits. */
async function ownTransfersTo(db: Db, gift: GiftContext, sender: string): Promise<Credit[]> {
  const rows = await db.select().from(donationWalletOutflows)
    .where(and(inWindowBefore(gift, 1), eq(donationWalletOutflows.destination, sender)));
  return rows.map((r) => ({ key: r.signature, kind: 'round_trip', lamports: r.lamports, used: 0n, timeMs: r.blockTime.getTime(), slot: r.slot }));
}

/**
 * The wallets the donation wallet funded in the two windows before the gift (a hop's
 * funding may be a window older than its passing on), the largest FUNDED_WALLETS_TRACED,
 * each with those transfers. Platform addresses were never recorded: they are not hops.
 */
async function fundedWallets(db: Db, platform: PlatformAddresses, gift: GiftContext, sender: string): Promise<Map<string, Outflow[]>> {
  const largest = await db.select({ destination: donationWalletOutflows.destination }).from(donationWalletOutflows)
    .where(and(inWindowBefore(gift, 2), ne(donationWalletOutflows.destination, sender)))
    .groupBy(donationWalletOutflows.destination)
    .orderBy(sql`sum(${donationWalletOutflows.lamports}) desc`, donationWalletOutflows.destination)
    .limit(FUNDED_WALLETS_TRACED);
  const funded = new Map<string, Outflow[]>();
  if (largest.length === 0) return funded;
  // Recorded before an address became a platform one (a pool made later, say): left out now.
  const excluded = await platform.among(largest.map((r) => r.destination));
  const wallets = largest.map((r) => r.destination).filter((d) => !excluded.has(d));
  if (wallets.length === 0) return funded;
  const rows = await db.select().from(donationWalletOutflows)
    .where(and(inWindowBefore(gift, 2), inArray(donationWalletOutflows.destination, wallets)));
  for (const wallet of wallets) funded.set(wallet, []);
  for (const r of rows) funded.get(r.destination)!.push({ lamports: r.lamports, timeMs: r.blockTime.getTime(), slot: r.slot });
  return funded;
}

/** Each credit with what earlier gifts of this sender to this wallet already took from it. */
async function withUses(db: Db, wallet: string, sender: string, credits: Credit[], usedHere: ReadonlyMap<string, bigint>): Promise<Credit[]> {
  if (credits.length === 0) return credits;
  const rows = await db.select({ key: donationNettings.creditKey, used: sql<string>`sum(${donationNettings.lamports})::text` })
    .from(donationNettings)
    .where(and(eq(donationNettings.wallet, wallet), eq(donationNettings.fromWallet, sender), inArray(donationNettings.creditKey, credits.map((c) => c.key))))
    .groupBy(donationNettings.creditKey);
  const used = new Map(rows.map((r) => [r.key, BigInt(r.used)]));
  return credits.map((c) => ({ ...c, used: (used.get(c.key) ?? 0n) + (usedHere.get(`${sender}/${c.key}`) ?? 0n) }));
}

/** The nettings rows of a claim, stored with its donation row. */
export function nettingRows(gift: GiftContext, claim: NettedClaim): (typeof donationNettings.$inferInsert)[] {
  return claim.netted.uses.map((use: CreditUse) => ({
    signature: gift.signature, campaignId: claim.campaignId, kind: claim.kind, fromWallet: claim.from,
    wallet: gift.wallet, creditKey: use.key, creditKind: use.kind, lamports: use.lamports,
  }));
}

// The donation indexer: reads each donation wallet's new signatures from the chain
// (getSignaturesForAddress from a stored cursor, then getTransaction), so it works the
// same on the local ledger and a real cluster. Rows are keyed by signature, campaign, kind
// and sender, and written with the wallet's outflows, the gifts' nettings and the cursor
// in one transaction: a crash or a re-scan adds nothing twice.

import { PublicKey, type ConfirmedSignatureInfo, type VersionedTransactionResponse } from '@solana/web3.js';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { netOutflows } from '../../core/donations/sharing';
import { lamportsToSolString } from '../../core/money';
import { refreshPlatformStats } from '../commands/refreshPlatformStats';
import { campaigns, donationCursors, donationNettings, donations, donationWalletOutflows } from '../db/schema';
import type { Services } from '../services';
import { classifyTransfers } from './classify';
import { ensureDonationReferences } from './references';
import { belowGoal, notifyGoalCrossings } from '../notifications/facts';
import { updateCampaignTotals } from './totals';
import { accountKeysOf, balanceChangesOf, solTransfersOf } from './transfers';
import { ChainHistory } from './hops';
import { netGifts, nettingRows, type GiftContext, type NettedClaim } from './netGifts';
import { PlatformAddresses } from './platformAddresses';
import { loadWatchList, type WatchList } from './watchList';

export const DONATION_EVENT = 'donation';

const PAGE = 1000;
const FLUSH_EVERY = 100;

type NewDonation = typeof donations.$inferSelect;

const watchedBy = new WeakMap<Services, ReadonlySet<string>>();
const walletsBy = new WeakMap<Services, ReadonlySet<string>>();

/** The addresses the last pass read (for waking the job on a local ledger commit that touches one). */
export function lastWatched(services: Services): ReadonlySet<string> | undefined {
  return watchedBy.get(services);
}

/** The donation wallets the last pass knew (for waking the job when one changes on a cluster). */
export function lastDonationWallets(services: Services): ReadonlySet<string> | undefined {
  return walletsBy.get(services);
}

/**
 * One pass over the donation wallets, or only over `only` of them (the local ledger's
 * commits name the addresses they touched, so a wake need not read a thousand histories to
 * find the one that moved) and the `changedWallets` a cluster's account notifications
 * named; returns the rows it added.
 */
export async function indexDonations(services: Services, only?: ReadonlySet<string>, changedWallets?: ReadonlySet<string>): Promise<NewDonation[]> {
  const wanted = only || changedWallets ? new Set([...only ?? [], ...changedWallets ?? []]) : undefined;
  if (!wanted) await ensureDonationReferences(services.db);
  const watch = await loadWatchList(services.db);
  watchedBy.set(services, new Set(watch.addresses.keys()));
  walletsBy.set(services, new Set(watch.byWallet.keys()));
  const scanned = wanted ? [...watch.addresses].filter(([address]) => wanted.has(address)) : [...watch.addresses];
  if (scanned.length === 0) return [];
  const cursorRows = await services.db.select().from(donationCursors).where(inArray(donationCursors.address, scanned.map(([address]) => address)));
  const cursors = new Map(cursorRows.map((r) => [r.address, r.lastSignature]));
  const reads = { history: new ChainHistory(services.chain.connection), platform: new PlatformAddresses(services) };
  const added: NewDonation[] = [];
  for (const [address, since] of scanned) {
    added.push(...await scanWallet(services, watch, reads, { address, since, cursor: cursors.get(address) ?? null }));
  }
  if (added.length > 0) await announce(services, added);
  return added;
}

type Scan = { address: string; since: Date; cursor: string | null };
type Reads = { history: ChainHistory; platform: PlatformAddresses };

const before = (info: ConfirmedSignatureInfo, since: Date) => info.blockTime != null && info.blockTime * 1000 < since.getTime();

/**
 * A donation wallet's new history, oldest first: its transfers out are recorded, the
 * transfers in classified and netted. A gift is netted against what is already stored, so
 * the batch is committed before each one; rows, nettings, outflows and the cursor always
 * commit together.
 */
async function scanWallet(services: Services, watch: WatchList, reads: Reads, { address, since, cursor }: Scan): Promise<NewDonation[]> {
  const { connection } = services.chain;
  const newest: ConfirmedSignatureInfo[] = [];
  for (let older: string | undefined; ;) {
    const page = await connection.getSignaturesForAddress(new PublicKey(address), { until: cursor ?? undefined, before: older, limit: PAGE }, 'confirmed');
    newest.push(...page);
    if (page.length < PAGE || before(page[page.length - 1]!, since)) break;
    older = page[page.length - 1]!.signature;
  }
  if (newest.length === 0) return [];

  const batch = new Batch(services, address);
  // Oldest first; failed transactions and those older than the wallet's watch are nothing.
  for (const [i, info] of [...newest].reverse().entries()) {
    if (!info.err && !before(info, since)) {
      const tx = await connection.getTransaction(info.signature, { commitment: 'confirmed', maxSupportedTransactionVersion: 0 });
      // A cluster's node may list a signature before it serves the transaction: stop here, the cursor waits for it.
      if (!tx) break;
      if (!tx.meta?.err) await readTransaction(services, watch, reads, batch, info.signature, tx);
    }
    batch.processed = info.signature;
    // A long backlog is committed as it goes, so a crash does not start it over.
    if ((i + 1) % FLUSH_EVERY === 0) await batch.flush();
  }
  await batch.flush();
  return batch.added;
}

async function readTransaction(services: Services, watch: WatchList, reads: Reads, batch: Batch, signature: string, tx: VersionedTransactionResponse): Promise<void> {
  const wallet = batch.wallet;
  const all = solTransfersOf(tx);
  const blockTime = tx.blockTime ? new Date(tx.blockTime * 1000) : services.now();
  const gift = { wallet, signature, slot: BigInt(tx.slot), blockTime };
  const transfers = all.filter((t) => t.destination === wallet);
  const facts = {
    transfers, accountKeys: new Set(accountKeysOf(tx)), balanceChanges: balanceChangesOf(tx), blockTime,
    platformSenders: await reads.platform.among(transfers.map((t) => t.source)),
  };
  const claims = classifyTransfers(facts, watch.byWallet);
  if (claims.some((c) => c.kind === 'direct' && c.share > 0n)) {
    // Netting reads the wallet's earlier outflows and nettings: they must be stored first.
    await batch.flush();
    if (!await indexedAlready(services, gift)) {
      for (const claim of await netGifts(services.db, reads.history, reads.platform, gift, claims)) batch.addDonation(gift, claim, tx.slot);
    }
  } else {
    for (const claim of claims) batch.addDonation(gift, { ...claim, netted: { counted: claim.share, roundTrip: 0n, hop: 0n, unchecked: 0n, uses: [] } }, tx.slot);
  }
  // This transaction's own outflows net later gifts only (its gain already netted them here).
  const outflows = netOutflows(wallet, all);
  const platform = await reads.platform.among(outflows.keys());
  for (const [destination, lamports] of outflows) {
    if (!platform.has(destination)) batch.outflows.push({ wallet, signature, destination, lamports, slot: gift.slot, blockTime });
  }
}

/** A re-scan (its cursor lost) reaches a gift whose rows, and so its nettings, are stored: nothing is netted twice. */
async function indexedAlready(services: Services, gift: { wallet: string; signature: string }): Promise<boolean> {
  const [row] = await services.db.select({ one: sql<number>`1` }).from(donations)
    .where(and(eq(donations.signature, gift.signature), eq(donations.toWallet, gift.wallet))).limit(1);
  return row !== undefined;
}

/** What one wallet's scan has read and not yet committed. */
class Batch {
  readonly added: NewDonation[] = [];
  rows: (typeof donations.$inferInsert)[] = [];
  nettings: (typeof donationNettings.$inferInsert)[] = [];
  outflows: (typeof donationWalletOutflows.$inferInsert)[] = [];
  processed: string | undefined;
  constructor(private readonly services: Services, readonly wallet: string) {}

  addDonation(gift: GiftContext, claim: NettedClaim, slot: number): void {
    const { netted } = claim;
    this.rows.push({
      signature: gift.signature, campaignId: claim.campaignId, kind: claim.kind, fromWallet: claim.from, toWallet: claim.to,
      lamports: netted.counted, sameTxLamports: claim.sent - claim.share,
      roundTripLamports: netted.roundTrip, hopLamports: netted.hop, uncheckedLamports: netted.unchecked,
      slot: BigInt(slot), blockTime: gift.blockTime, indexedAt: this.services.now(), solUsd: String(this.services.env.SOL_USD),
    });
    this.nettings.push(...nettingRows(gift, claim));
  }

  async flush(): Promise<void> {
    if (this.processed === undefined) return;
    const { rows, nettings, outflows, wallet } = this;
    const last = this.processed;
    this.added.push(...await this.services.db.transaction(async (tx) => {
      const inserted = rows.length === 0 ? [] : await tx.insert(donations).values(rows).onConflictDoNothing().returning();
      if (nettings.length > 0) await tx.insert(donationNettings).values(nettings).onConflictDoNothing();
      if (outflows.length > 0) await tx.insert(donationWalletOutflows).values(outflows).onConflictDoNothing();
      await tx.insert(donationCursors).values({ address: wallet, lastSignature: last, updatedAt: this.services.now() })
        .onConflictDoUpdate({ target: donationCursors.address, set: { lastSignature: last, updatedAt: sql`excluded.updated_at` } });
      return inserted;
    }));
    this.rows = [];
    this.nettings = [];
    this.outflows = [];
    this.processed = undefined;
  }
}

/** Totals first, then the events, so a page refetching on the event sees the new figures. */
async function announce(services: Services, added: NewDonation[]): Promise<void> {
  const campaignIds = [...new Set(added.map((d) => d.campaignId))];
  // Read before the recount, so a donation that takes a campaign over its goal is seen crossing it.
  const wereBelow = await belowGoal(services.db, campaignIds);
  await updateCampaignTotals(services.db, campaignIds, services.env.BACKER_MIN_LAMPORTS);
  await notifyGoalCrossings(services, wereBelow);
  const mints = new Map((await services.db.select({ id: campaigns.id, mint: campaigns.tokenAddress }).from(campaigns)
    .where(inArray(campaigns.id, campaignIds))).map((c) => [c.id, c.mint]));
  for (const d of added) {
    await services.events.publish({
      type: DONATION_EVENT, campaignId: d.campaignId, mint: mints.get(d.campaignId) ?? null, signature: d.signature, kind: d.kind,
      from: d.fromWallet, lamports: d.lamports.toString(), sol: lamportsToSolString(d.lamports),
    });
  }
  await refreshPlatformStats(services);
}

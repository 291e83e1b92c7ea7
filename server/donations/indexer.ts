// The donation indexer: reads each watched address's new signatures from the chain
// (getSignaturesForAddress from a stored cursor, then getTransaction), so it works the
// same on the local ledger and a real cluster. Rows are keyed by signature and written
// with the cursor in one transaction: a crash or a re-scan adds nothing twice.

import { PublicKey, type ConfirmedSignatureInfo } from '@solana/web3.js';
import { inArray, sql } from 'drizzle-orm';
import { lamportsToSolString } from '../../core/money';
import { refreshPlatformStats } from '../commands/refreshPlatformStats';
import { campaigns, donationCursors, donations } from '../db/schema';
import type { Services } from '../services';
import { classifyTransfers } from './classify';
import { ensureDonationReferences } from './references';
import { belowGoal, notifyGoalCrossings } from '../notifications/facts';
import { updateCampaignTotals } from './totals';
import { platformAddressesAmong } from '../policies/donationWallet';
import { accountKeysOf, balanceChangesOf, solTransfersOf } from './transfers';
import { addressesPaying, loadWatchList, type WatchList } from './watchList';

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
 * One pass over the watched addresses, or only over `only` of them (the local ledger's
 * commits name the addresses they touched, so a wake need not read a thousand histories to
 * find the one that moved); returns the rows it added. `changedWallets` (a cluster's account
 * notifications, which name only the donation wallet that moved) reads what may have paid them.
 */
export async function indexDonations(services: Services, only?: ReadonlySet<string>, changedWallets?: ReadonlySet<string>): Promise<NewDonation[]> {
  const partial = only ?? changedWallets;
  if (!partial) await ensureDonationReferences(services.db);
  const watch = await loadWatchList(services.db);
  watchedBy.set(services, new Set(watch.addresses.keys()));
  walletsBy.set(services, new Set(watch.byWallet.keys()));
  const wanted = changedWallets ? new Set([...only ?? [], ...addressesPaying(watch, changedWallets)]) : only;
  const scanned = wanted ? [...watch.addresses].filter(([address]) => wanted.has(address)) : [...watch.addresses];
  if (scanned.length === 0) return [];
  const cursorRows = await services.db.select().from(donationCursors).where(inArray(donationCursors.address, scanned.map(([address]) => address)));
  const cursors = new Map(cursorRows.map((r) => [r.address, r.lastSignature]));
  const added: NewDonation[] = [];
  for (const [address, since] of scanned) {
    added.push(...await scanAddress(services, watch, { address, since, cursor: cursors.get(address) ?? null }));
  }
  if (added.length > 0) await announce(services, added);
  return added;
}

type Scan = { address: string; since: Date; cursor: string | null };

const before = (info: ConfirmedSignatureInfo, since: Date) => info.blockTime != null && info.blockTime * 1000 < since.getTime();

async function scanAddress(services: Services, watch: WatchList, { address, since, cursor }: Scan): Promise<NewDonation[]> {
  const { connection } = services.chain;
  const newest: ConfirmedSignatureInfo[] = [];
  for (let older: string | undefined; ;) {
    const page = await connection.getSignaturesForAddress(new PublicKey(address), { until: cursor ?? undefined, before: older, limit: PAGE }, 'confirmed');
    newest.push(...page);
    if (page.length < PAGE || before(page[page.length - 1]!, since)) break;
    older = page[page.length - 1]!.signature;
  }
  if (newest.length === 0) return [];

  const added: NewDonation[] = [];
  const platformSenders = new PlatformSenders(services);
  let rows: (typeof donations.$inferInsert)[] = [];
  let processed: string | undefined;
  const flush = async () => {
    if (processed === undefined) return;
    const last = processed;
    added.push(...await services.db.transaction(async (tx) => {
      const inserted = rows.length === 0 ? [] : await tx.insert(donations).values(rows).onConflictDoNothing().returning();
      await tx.insert(donationCursors).values({ address, lastSignature: last, updatedAt: services.now() })
        .onConflictDoUpdate({ target: donationCursors.address, set: { lastSignature: last, updatedAt: sql`excluded.updated_at` } });
      return inserted;
    }));
    rows = [];
    processed = undefined;
  };
  // Oldest first; failed transactions and those older than the campaigns are not donations.
  for (const [i, info] of [...newest].reverse().entries()) {
    if (!info.err && !before(info, since)) {
      const tx = await connection.getTransaction(info.signature, { commitment: 'confirmed', maxSupportedTransactionVersion: 0 });
      // A cluster's node may list a signature before it serves the transaction: stop here, the cursor waits for it.
      if (!tx) break;
      if (!tx.meta?.err) {
        const transfers = solTransfersOf(tx).filter((t) => watch.byWallet.has(t.destination));
        const blockTime = tx.blockTime ? new Date(tx.blockTime * 1000) : services.now();
        const facts = {
          transfers, accountKeys: new Set(accountKeysOf(tx)), balanceChanges: balanceChangesOf(tx), blockTime,
          platformSenders: await platformSenders.among(transfers.map((t) => t.source)),
        };
        for (const found of classifyTransfers(facts, watch.byWallet)) {
          rows.push({
            signature: info.signature, campaignId: found.campaignId, kind: found.kind, fromWallet: found.from, toWallet: found.to,
            lamports: found.lamports, slot: BigInt(tx.slot), blockTime, indexedAt: services.now(), solUsd: String(services.env.SOL_USD),
          });
        }
      }
    }
    processed = info.signature;
    // A long backlog is committed as it goes, so a crash does not start it over.
    if ((i + 1) % FLUSH_EVERY === 0) await flush();
  }
  await flush();
  return added;
}

/** Which senders are platform addresses, asked once per address in a scan. */
class PlatformSenders {
  private readonly known = new Map<string, boolean>();
  constructor(private readonly services: Services) {}

  async among(addresses: string[]): Promise<Set<string>> {
    const unknown = addresses.filter((a) => !this.known.has(a));
    if (unknown.length > 0) {
      const platform = await platformAddressesAmong(this.services, unknown);
      for (const a of unknown) this.known.set(a, platform.has(a));
    }
    return new Set(addresses.filter((a) => this.known.get(a)));
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

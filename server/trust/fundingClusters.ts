// Funding clusters: among the largest holders, wallets whose first SOL came from one wallet
// shortly before their first buy. A wallet's first funding never changes once seen, so each
// is read through RPC once per process (its oldest signature, then that transaction), never
// again per page view.

import { PublicKey } from '@solana/web3.js';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { FUNDING_WINDOW_MS, type FundingCluster, type Holder } from '../../core/trust';
import type { ChainService } from '../chain/service';
import type { Db } from '../db/client';
import { curveTrades } from '../db/schema';

/**
 * Wallets with at least this many transactions are not fresh wallets made for one launch
 * (not looked into), and funders with as many are services (an exchange's hot wallet, a
 * faucet) whose customers are strangers to each other: they link nobody.
 */
export const BUSY_WALLET_TXS = 1_000;
/** Only the largest holders are looked into (a cluster that matters holds a share, so some of the largest). */
export const CLUSTER_CANDIDATES = 50;
/** Parallel reads per answer: a cold cache must not flood a provider. */
const READS_AT_ONCE = 4;

type Funding = { funder: string; at: Date } | null;

const fundingByChain = new WeakMap<object, Map<string, Funding>>();

/** Who sent the wallet its first SOL and when; null for a busy wallet or a first transaction that brought none. */
async function firstFunding(chain: Pick<ChainService, 'connection'>, wallet: string, busyAt: number): Promise<Funding | undefined> {
  let known = fundingByChain.get(chain);
  if (!known) fundingByChain.set(chain, known = new Map());
  if (known.has(wallet)) return known.get(wallet);
  const page = await chain.connection.getSignaturesForAddress(new PublicKey(wallet), { limit: busyAt }, 'confirmed');
  // No history yet: nothing to keep, the next answer asks again.
  if (page.length === 0) return undefined;
  let funding: Funding = null;
  if (page.length < busyAt) {
    const first = page.at(-1)!;
    const tx = await chain.connection.getTransaction(first.signature, { commitment: 'confirmed', maxSupportedTransactionVersion: 0 });
    if (tx?.meta && !tx.meta.err) {
      const accountKeys = tx.transaction.message.getAccountKeys({ accountKeysFromLookups: tx.meta.loadedAddresses });
      const keys = Array.from({ length: accountKeys.length }, (_, i) => accountKeys.get(i)!.toBase58());
      const change = (i: number) => BigInt(tx.meta!.postBalances[i]!) - BigInt(tx.meta!.preBalances[i]!);
      const self = keys.indexOf(wallet);
      if (self >= 0 && change(self) > 0n) {
        // The sender is the account that lost the most SOL in it (the fee payer of a plain transfer).
        let sender = -1;
        keys.forEach((_, i) => { if (i !== self && change(i) < 0n && (sender < 0 || change(i) < change(sender))) sender = i; });
        if (sender >= 0) funding = { funder: keys[sender]!, at: new Date((tx.blockTime ?? first.blockTime ?? 0) * 1000) };
      }
    }
  }
  if (known.size > 50_000) known.clear();
  known.set(wallet, funding);
  return funding;
}

// Once busy, a funder stays busy: kept per chain. One that is not is asked again next time.
const busyByChain = new WeakMap<object, Set<string>>();

async function isBusy(chain: Pick<ChainService, 'connection'>, wallet: string, busyAt: number): Promise<boolean> {
  let busy = busyByChain.get(chain);
  if (!busy) busyByChain.set(chain, busy = new Set());
  if (busy.has(wallet)) return true;
  const page = await chain.connection.getSignaturesForAddress(new PublicKey(wallet), { limit: busyAt }, 'confirmed');
  if (page.length < busyAt) return false;
  if (busy.size > 50_000) busy.clear();
  busy.add(wallet);
  return true;
}

async function mapLimited<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!);
    }
  }));
  return out;
}

/**
 * The funding clusters among these holders (platform keys already left out): a funder that
 * is a platform key (the local faucet, the treasury) or a busy service links nobody.
 */
export async function fundingClusterFacts(db: Db, chain: Pick<ChainService, 'connection'>, input: {
  mint: string; holders: Holder[]; isPlatform: (wallets: string[]) => Promise<Set<string>>;
  /** BUSY_WALLET_TXS unless a test needs a smaller history to reach it. */
  busyAt?: number;
}): Promise<FundingCluster[]> {
  const busyAt = input.busyAt ?? BUSY_WALLET_TXS;
  const candidates = input.holders.slice(0, CLUSTER_CANDIDATES);
  if (candidates.length < 2) return [];
  const t = curveTrades;
  const firstBuys = new Map((await db.select({ wallet: t.wallet, at: sql<string>`min(${t.blockTime})::text` }).from(t)
    .where(and(eq(t.mint, input.mint), eq(t.side, 'buy'), inArray(t.wallet, candidates.map((h) => h.wallet))))
    .groupBy(t.wallet)).map((r) => [r.wallet, new Date(r.at)]));
  const buyers = candidates.filter((h) => firstBuys.has(h.wallet));
  const fundings = await mapLimited(buyers, READS_AT_ONCE, (h) => firstFunding(chain, h.wallet, busyAt));
  const linked = buyers.map((h, i) => ({ holder: h, funding: fundings[i] })).filter(({ holder, funding }) => {
    if (!funding) return false;
    const lead = firstBuys.get(holder.wallet)!.getTime() - funding.at.getTime();
    return lead >= 0 && lead <= FUNDING_WINDOW_MS;
  });
  const byFunder = new Map<string, Holder[]>();
  for (const { holder, funding } of linked) byFunder.set(funding!.funder, [...(byFunder.get(funding!.funder) ?? []), holder]);
  const shared = [...byFunder].filter(([, wallets]) => wallets.length >= 2);
  const platform = await input.isPlatform(shared.map(([funder]) => funder));
  const busy = await mapLimited(shared, READS_AT_ONCE, ([funder]) => (platform.has(funder) ? Promise.resolve(true) : isBusy(chain, funder, busyAt)));
  return shared.filter((_, i) => !busy[i])
    .map(([funder, wallets]) => ({ funder, wallets: wallets.map((w) => w.wallet), tokensNow: wallets.reduce((sum, w) => sum + w.tokens, 0n) }))
    .sort((a, b) => (a.tokensNow === b.tokensNow ? (a.funder < b.funder ? -1 : 1) : a.tokensNow > b.tokensNow ? -1 : 1));
}

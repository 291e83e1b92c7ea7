// Funding clusters: among the largest holders and buyers, wallets whose first SOL came from one
// wallet shortly before their first buy; and the buyers the creator funded, whose trades count
// as the creator's. A wallet's first funding never changes once seen, so each
// is read through RPC once per process (its oldest signature, then that transaction), never
// again per page view.

import { PublicKey } from '@solana/web3.js';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { FUNDING_WINDOW_MS, type FundedWallets, type FundingCluster, type Holder } from '../../core/trust';
import type { ChainService } from '../chain/service';
import type { Db } from '../db/client';
import { curveTrades } from '../db/schema';
import { mapLimited } from './mapLimited';

/**
 * Wallets with at least this many transactions are not fresh wallets made for one launch
 * (not looked into), and funders with as many are services (an exchange's hot wallet, a
 * faucet) whose customers are strangers to each other: they link nobody.
 */
export const BUSY_WALLET_TXS = 1_000;
/**
 * Only the largest holders and the largest buyers are looked into, this many of each: a group
 * that matters holds a share (some of the largest holders) or bought one (some of the largest buyers).
 */
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

type WalletTrades = { bought: bigint; sold: bigint; firstBuyAt: Date | null; lastSellAt: Date | null };

export type FundingFacts = {
  /** Clusters of 2 wallets or more by one funder (the creator included), largest holding first. */
  clusters: FundingCluster[];
  /** Buyers the creator funded (one is enough): their trades count as the creator's. */
  creatorFunded: FundedWallets;
  /** Everything bought on the curve so far. */
  curveBoughtTokens: bigint;
};

// A sell counts up to what the wallet bought: tokens it got by transfer (from the creator, say) are the sender's moves.
const cappedSold = (t: WalletTrades) => (t.sold < t.bought ? t.sold : t.bought);
const latest = (a: Date | null, b: Date | null) => (a === null ? b : b === null || a > b ? a : b);
const isAddress = (wallet: string) => {
  try {
    new PublicKey(wallet);
    return true;
  } catch {
    return false;
  }
};

/**
 * Who funded the largest holders and the largest buyers (CLUSTER_CANDIDATES of each, platform
 * keys left out; the creator with the launch's initial buy as theirs): wallets whose first SOL came from one wallet within
 * FUNDING_WINDOW_MS before their first buy. A funder that is a platform key (the local faucet,
 * the treasury) or a busy service links nobody; the creator always links the wallets they
 * funded, however busy. Buyers count so that a group that bought and sold out is still seen.
 */
export async function fundingFacts(db: Db, chain: Pick<ChainService, 'connection'>, input: {
  mint: string; creatorWallet: string; initialBuySignature: string | null; holders: Holder[];
  balances: ReadonlyMap<string, bigint>; isPlatform: (wallets: string[]) => Promise<Set<string>>;
  /** BUSY_WALLET_TXS unless a test needs a smaller history to reach it. */
  busyAt?: number;
}): Promise<FundingFacts> {
  const busyAt = input.busyAt ?? BUSY_WALLET_TXS;
  const t = curveTrades;
  // The launch's initial buy is the creator's (the funding wallet paid, the creator received).
  const buyer = input.initialBuySignature === null ? sql<string>`${t.wallet}`
    : sql<string>`case when ${t.signature} = ${input.initialBuySignature} then ${input.creatorWallet} else ${t.wallet} end`;
  const stats = {
    wallet: buyer,
    bought: sql<string>`coalesce(sum(${t.tokensReceived}) filter (where ${t.side} = 'buy'), 0)::text`,
    sold: sql<string>`coalesce(sum(${t.tokensSent}) filter (where ${t.side} = 'sell'), 0)::text`,
    firstBuyAt: sql<string | null>`min(${t.blockTime}) filter (where ${t.side} = 'buy')::text`,
    lastSellAt: sql<string | null>`max(${t.blockTime}) filter (where ${t.side} = 'sell')::text`,
  };
  // The largest buyers, and what everyone bought (the initial buy included), in one pass over the mint's trades.
  const topBuyers = await db.select({ ...stats, everyone: sql<string>`sum(sum(${t.tokensReceived}) filter (where ${t.side} = 'buy')) over ()::text` })
    .from(t).where(eq(t.mint, input.mint)).groupBy(sql`1`)
    .orderBy(sql`coalesce(sum(${t.tokensReceived}) filter (where ${t.side} = 'buy'), 0) desc`, sql`1`).limit(CLUSTER_CANDIDATES * 2 + 1);
  const curveBoughtTokens = BigInt(topBuyers[0]?.everyone ?? 0);
  const byWallet = new Map<string, WalletTrades>();
  const keep = (r: { wallet: string; bought: string; sold: string; firstBuyAt: string | null; lastSellAt: string | null }) => byWallet.set(r.wallet, {
    bought: BigInt(r.bought), sold: BigInt(r.sold), firstBuyAt: r.firstBuyAt ? new Date(r.firstBuyAt) : null, lastSellAt: r.lastSellAt ? new Date(r.lastSellAt) : null,
  });
  const holderWallets = input.holders.slice(0, CLUSTER_CANDIDATES).map((h) => h.wallet);
  const candidates = [...new Set([...topBuyers.map((r) => r.wallet), ...holderWallets])].filter(isAddress);
  const platform = await input.isPlatform(candidates);
  const people = new Set(candidates.filter((w) => !platform.has(w)));
  const buyers = topBuyers.filter((r) => people.has(r.wallet) && BigInt(r.bought) > 0n).slice(0, CLUSTER_CANDIDATES).map((r) => r.wallet);
  const holdersToo = holderWallets.filter((w) => people.has(w) && !buyers.includes(w));
  // The holders' trades (a holder who bought little is not among the largest buyers).
  if (holdersToo.length > 0) {
    const initial = input.initialBuySignature === null ? undefined : eq(t.signature, input.initialBuySignature);
    for (const r of await db.select(stats).from(t).where(and(eq(t.mint, input.mint), or(inArray(t.wallet, holdersToo), initial))).groupBy(sql`1`)) {
      if (holdersToo.includes(r.wallet)) keep(r);
    }
  }
  for (const r of topBuyers) if (buyers.includes(r.wallet)) keep(r);
  // Only wallets that bought were "funded before buying" (holding by transfer is not).
  const looked = [...new Set([...buyers, ...holdersToo])].filter((w) => byWallet.get(w)?.firstBuyAt);
  const fundings = await mapLimited(looked, READS_AT_ONCE, (w) => firstFunding(chain, w, busyAt));
  const byFunder = new Map<string, string[]>();
  looked.forEach((wallet, i) => {
    if (wallet === input.creatorWallet && fundings[i]?.funder === input.creatorWallet) return;
    const funding = fundings[i];
    if (!funding) return;
    const lead = byWallet.get(wallet)!.firstBuyAt!.getTime() - funding.at.getTime();
    if (lead < 0 || lead > FUNDING_WINDOW_MS) return;
    byFunder.set(funding.funder, [...(byFunder.get(funding.funder) ?? []), wallet]);
  });

  // The creator's own trades are theirs already: only other wallets they funded are added to them.
  const creatorWallets = (byFunder.get(input.creatorWallet) ?? []).filter((w) => w !== input.creatorWallet);
  const shared = [...byFunder].filter(([funder, wallets]) => wallets.length >= 2 && funder !== input.creatorWallet);
  const funderPlatform = await input.isPlatform(shared.map(([funder]) => funder));
  const busy = await mapLimited(shared, READS_AT_ONCE, ([funder]) => (funderPlatform.has(funder) ? Promise.resolve(true) : isBusy(chain, funder, busyAt)));
  const groups = shared.filter((_, i) => !busy[i]).map(([funder, wallets]) => ({ funder, wallets, fundedByCreator: false }));
  if (creatorWallets.length >= 2) groups.push({ funder: input.creatorWallet, wallets: creatorWallets, fundedByCreator: true });
  const sum = (wallets: string[], of: (w: string) => bigint) => wallets.reduce((total, w) => total + of(w), 0n);
  const clusters = groups.map(({ funder, wallets, fundedByCreator }) => ({
    funder, fundedByCreator, wallets,
    tokensNow: sum(wallets, (w) => input.balances.get(w) ?? 0n),
    boughtTokens: sum(wallets, (w) => byWallet.get(w)!.bought),
    soldTokens: sum(wallets, (w) => cappedSold(byWallet.get(w)!)),
  })).sort((a, b) => (a.tokensNow === b.tokensNow ? (a.funder < b.funder ? -1 : 1) : a.tokensNow > b.tokensNow ? -1 : 1));
  return {
    clusters,
    creatorFunded: {
      wallets: creatorWallets,
      boughtTokens: sum(creatorWallets, (w) => byWallet.get(w)!.bought),
      soldTokens: sum(creatorWallets, (w) => cappedSold(byWallet.get(w)!)),
      lastSellAt: creatorWallets.reduce<Date | null>((at, w) => latest(at, byWallet.get(w)!.lastSellAt), null),
    },
    curveBoughtTokens,
  };
}

import { PublicKey } from '@solana/web3.js';
import { eq } from 'drizzle-orm';
import { walletAges } from '../db/schema';
import type { Services } from '../services';

export const WALLET_AGE_MS = 24 * 3_600_000;
/** An undecided age (a busy wallet whose first transaction the walk did not reach) is read again after this. */
const RECHECK_MS = 10 * 60_000;
const PAGE = 1000;
/** At most this many pages of a wallet's history are read (a wallet with more within a day reads as new). */
const MAX_PAGES = 5;

type Age = { firstSeenAt: Date | null; complete: boolean; checkedAt: Date };

/**
 * Whether the wallet's first transaction is more than a day old: what 'a wallet older than a
 * day' means for a report's weight. Read from the chain (getSignaturesForAddress, newest first,
 * walked back until a transaction older than a day or the first one), not from our first
 * sign-in: a sign-in costs nothing, so a script could age a thousand wallets by signing each in
 * once and waiting, while a transaction a day ago costs its fee and a funded wallet then. Kept
 * in wallet_ages: an old wallet stays old; one whose first transaction is known ages by the
 * clock; only an undecided one is read again (after 10 minutes, or a day for one with no
 * transaction). A failed read counts as new and is not kept.
 */
export async function isOlderThanADay(services: Services, wallet: string): Promise<boolean> {
  const now = services.now();
  const cutoff = now.getTime() - WALLET_AGE_MS;
  const [cached] = await services.db.select().from(walletAges).where(eq(walletAges.wallet, wallet));
  if (cached && decided(cached, now)) return cached.firstSeenAt !== null && cached.firstSeenAt.getTime() <= cutoff;
  let age: Age;
  try {
    age = await readAge(services, wallet, cutoff);
  } catch (err) {
    services.log.warn({ err, wallet }, 'comments: wallet age not read, the report counts as a new wallet\'s');
    return false;
  }
  await services.db.insert(walletAges).values({ wallet, ...age })
    .onConflictDoUpdate({ target: walletAges.wallet, set: age });
  return age.firstSeenAt !== null && age.firstSeenAt.getTime() <= cutoff;
}

/** Whether a kept age answers without reading the chain again. */
function decided(age: Age, now: Date): boolean {
  const cutoff = now.getTime() - WALLET_AGE_MS;
  if (age.firstSeenAt && age.firstSeenAt.getTime() <= cutoff) return true;
  // Its first transaction is known: it ages by the clock alone.
  if (age.complete && age.firstSeenAt) return true;
  // No transaction at the check: none can be older than the check itself.
  if (age.complete) return now.getTime() - age.checkedAt.getTime() < WALLET_AGE_MS;
  return now.getTime() - age.checkedAt.getTime() < RECHECK_MS;
}

async function readAge(services: Services, wallet: string, cutoff: number): Promise<Age> {
  const key = new PublicKey(wallet);
  let before: string | undefined;
  let oldest: number | null = null;
  for (let page = 0; page < MAX_PAGES; page++) {
    const signatures = await services.chain.connection.getSignaturesForAddress(key, { limit: PAGE, ...(before ? { before } : {}) });
    for (const s of signatures) if (s.blockTime != null) oldest = oldest === null ? s.blockTime * 1000 : Math.min(oldest, s.blockTime * 1000);
    const complete = signatures.length < PAGE;
    if (complete || (oldest !== null && oldest <= cutoff)) return { firstSeenAt: oldest === null ? null : new Date(oldest), complete, checkedAt: services.now() };
    before = signatures[signatures.length - 1]!.signature;
  }
  return { firstSeenAt: oldest === null ? null : new Date(oldest), complete: false, checkedAt: services.now() };
}

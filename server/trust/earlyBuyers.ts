import { and, between, eq, ne, sql } from 'drizzle-orm';
import { EARLY_SLOTS_AFTER_LAUNCH, type EarlyBuyerFacts } from '../../core/trust';
import type { Db } from '../db/client';
import { curveTrades } from '../db/schema';

/**
 * Wallets that bought in the launch slot or the next 2 (snipers, bundles) and what they hold
 * now. The creator and platform keys are left out (the launch's initial buy is the creator's).
 */
export async function earlyBuyerFacts(db: Db, input: {
  mint: string; launchSlot: bigint; creatorWallet: string; initialBuySignature: string | null;
  isPlatform: (wallet: string) => boolean; balances: ReadonlyMap<string, bigint>;
}): Promise<EarlyBuyerFacts> {
  const t = curveTrades;
  const rows = await db.select({ wallet: t.wallet, bought: sql<string>`sum(${t.tokensReceived})::text` }).from(t)
    .where(and(
      eq(t.mint, input.mint), eq(t.side, 'buy'), ne(t.wallet, input.creatorWallet),
      between(t.slot, input.launchSlot, input.launchSlot + BigInt(EARLY_SLOTS_AFTER_LAUNCH)),
      input.initialBuySignature === null ? undefined : ne(t.signature, input.initialBuySignature),
    ))
    .groupBy(t.wallet);
  const wallets = rows.filter((r) => !input.isPlatform(r.wallet))
    .map((r) => ({ wallet: r.wallet, boughtTokens: BigInt(r.bought), tokensNow: input.balances.get(r.wallet) ?? 0n }))
    .sort((a, b) => (a.tokensNow === b.tokensNow ? (a.wallet < b.wallet ? -1 : 1) : a.tokensNow > b.tokensNow ? -1 : 1));
  return {
    launchSlot: input.launchSlot, slotsAfter: EARLY_SLOTS_AFTER_LAUNCH, wallets,
    tokensNow: wallets.reduce((sum, w) => sum + w.tokensNow, 0n),
  };
}

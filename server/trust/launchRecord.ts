import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { launchRequests } from '../db/schema';
import type { ChainService } from '../chain/service';

export type LaunchRecord = { mintSignature: string | null; buySignature: string | null };

/** What the launch flow stored for a mint (null for campaigns that did not launch through it: seeds, tests). */
export async function launchRecordOf(db: Db, mint: string): Promise<LaunchRecord | null> {
  const [row] = await db.select({ mintSignature: launchRequests.mintSignature, buySignature: launchRequests.buySignature })
    .from(launchRequests).where(eq(launchRequests.mint, mint));
  return row ?? null;
}

// A landed transaction's slot never changes: one status read per mint per chain (per process).
const launchSlotsByChain = new WeakMap<object, Map<string, bigint>>();

/**
 * The slot the launch minted the supply in, read through RPC (getSignatureStatuses, so the
 * same on a cluster); null when unknown (no launch record, or the chain no longer has it).
 */
export async function launchSlotOf(chain: Pick<ChainService, 'connection'>, mint: string, launch: LaunchRecord | null): Promise<bigint | null> {
  let launchSlots = launchSlotsByChain.get(chain);
  if (!launchSlots) launchSlotsByChain.set(chain, launchSlots = new Map());
  const known = launchSlots.get(mint);
  if (known !== undefined) return known;
  if (!launch?.mintSignature) return null;
  const { value } = await chain.connection.getSignatureStatuses([launch.mintSignature], { searchTransactionHistory: true });
  const status = value[0];
  if (!status || status.err) return null;
  const slot = BigInt(status.slot);
  if (launchSlots.size > 10_000) launchSlots.clear();
  launchSlots.set(mint, slot);
  return slot;
}

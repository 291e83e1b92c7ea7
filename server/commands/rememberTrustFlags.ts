import { eq, sql } from 'drizzle-orm';
import { flagsToRemember, type RememberedFlag, type TrustFlag } from '../../core/trust';
import { rememberedTrustFlags } from '../db/schema';
import type { Services } from '../services';

/**
 * Keeps the flags of the dump kind (core/trust/remembered.ts) a computation raised, each with
 * `raisedAt` (when that computation began) the first time only, and returns every flag the
 * campaign has ever had remembered. Racing computations are harmless: the first insert wins.
 */
export async function rememberTrustFlags(services: Services, campaignId: number, flags: readonly TrustFlag[], raisedAt: Date): Promise<RememberedFlag[]> {
  const fresh = flagsToRemember(flags);
  const t = rememberedTrustFlags;
  if (fresh.length > 0) {
    await services.db.insert(t).values(fresh.map((f) => ({ campaignId, flagId: f.id, sentence: f.sentence, raisedAt })))
      .onConflictDoNothing({ target: [t.campaignId, t.flagId] });
  }
  const rows = await services.db.select({ id: t.flagId, sentence: t.sentence, since: t.raisedAt }).from(t)
    .where(eq(t.campaignId, campaignId)).orderBy(t.raisedAt, sql`${t.flagId}`);
  return rows;
}

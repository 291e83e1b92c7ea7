import { sql } from 'drizzle-orm';
import { PLATFORM_STAT_KEYS } from '../../../core/enums';
import { rowsOf, type Db } from '../client';
import { officialToken, platformStats, siteSettings, verifiedCharities } from '../schema';
import { BUILT_IN_CHARITIES } from '../../../core/charities';
import { officialTokenSeed } from './officialToken';

const SEED_LOCK = 727274002;

export type SeedResult = { firstSeed: boolean };

/**
 * Fills what the product needs to run: site_settings row 1, the official token
 * configuration, the four platform_stats keys and, on a fresh database only, the
 * built-in sample charities of core/charities.ts (so an operator's deletions are not undone on
 * the next start).
 * Safe on every start and from several processes at once.
 */
export async function seedDatabase(db: Db): Promise<SeedResult> {
  // Every start after the first finds it all in place with one read (a write transaction costs far more on PGlite).
  if (await isSeeded(db)) return { firstSeed: false };
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    const created = await tx.insert(siteSettings).values({ id: 1 }).onConflictDoNothing().returning({ id: siteSettings.id });
    const firstSeed = created.length > 0;
    if (firstSeed) {
      await tx.insert(verifiedCharities).values(BUILT_IN_CHARITIES.map((c, i) => ({
        name: c.name,
        website: c.website,
        websiteUrl: `https://${c.website}`,
        walletAddress: c.wallet_address,
        category: c.category,
        description: c.description,
        isActive: c.is_active,
        isSample: true,
        displayOrder: i + 1,
      }))).onConflictDoNothing({ target: verifiedCharities.walletAddress });
    }
    await tx.insert(officialToken).values(officialTokenSeed()).onConflictDoNothing();
    await tx.insert(platformStats).values(PLATFORM_STAT_KEYS.map((statKey) => ({ statKey }))).onConflictDoNothing();
    return { firstSeed };
  });
}

async function isSeeded(db: Db): Promise<boolean> {
  const result = await db.execute(sql`select exists(select 1 from site_settings where id = 1)
    and exists(select 1 from official_token)
    and (select count(*) from platform_stats) >= ${PLATFORM_STAT_KEYS.length} as seeded`);
  const rows = rowsOf<{ seeded: boolean }>(result);
  return rows[0]?.seeded === true;
}

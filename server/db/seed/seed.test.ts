import { PublicKey } from '@solana/web3.js';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLATFORM_STAT_KEYS, PUBLIC_CHARITY_CATEGORIES } from '../../../core/enums';
import { createTestApp, type TestApp } from '../../testing/app';
import { officialToken, platformStats, siteSettings, verifiedCharities } from '../schema';
import { seedDatabase } from '.';
import { sampleAddress } from './sampleAddress';

describe('seedDatabase', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp(); });
  afterAll(async () => { await t.close(); });

  it('ran at start: sample charities across the seven public categories, plus inactive ones', async () => {
    const rows = await t.services.db.select().from(verifiedCharities).orderBy(asc(verifiedCharities.displayOrder));
    const active = rows.filter((r) => r.isActive);
    expect(active.length).toBeGreaterThanOrEqual(18);
    expect(new Set(active.map((r) => r.category))).toEqual(new Set(PUBLIC_CHARITY_CATEGORIES));
    expect(rows.some((r) => !r.isActive)).toBe(true);
    expect(rows.map((r) => r.displayOrder)).toEqual(rows.map((_, i) => i + 1));
    for (const r of rows) {
      expect(r.isSample).toBe(true);
      expect(r.description).toMatch(/^Sample organisation/);
      expect(PublicKey.isOnCurve(new PublicKey(r.walletAddress).toBytes())).toBe(true);
      expect(r.walletAddress).toBe(sampleAddress(`charity:${r.name}`));
    }
  });

  it('ran at start: the official token, site settings and the four stat keys', async () => {
    const [token] = await t.services.db.select().from(officialToken);
    expect(token).toMatchObject({ id: 1, symbol: 'CMINT', totalTaxBps: 1000, refreshIntervalMs: 30000 });
    expect(token.tokenomics.map((l) => [l.percent, l.taxPoints])).toEqual([[20, 2], [20, 2], [30, 3], [30, 3]]);
    expect(token.roadmap.map((p) => [p.title, p.status])).toEqual([
      ['Launch', 'completed'], ['Growth', 'in-progress'], ['Expansion', 'upcoming'], ['Ecosystem', 'upcoming'],
    ]);
    expect(Object.keys(token.links)).toHaveLength(6);
    for (const address of [token.tokenAddress, token.poolAddress]) expect(() => new PublicKey(address)).not.toThrow();
    expect(await t.services.db.$count(siteSettings)).toBe(1);
    expect((await t.services.db.select().from(platformStats)).map((r) => r.statKey).sort()).toEqual([...PLATFORM_STAT_KEYS].sort());
  });

  it('is idempotent, also when several processes seed at once, and does not undo deletions', async () => {
    const before = await t.services.db.$count(verifiedCharities);
    const results = await Promise.all([seedDatabase(t.services.db), seedDatabase(t.services.db), seedDatabase(t.services.db)]);
    expect(results.every((r) => !r.firstSeed)).toBe(true);
    expect(await t.services.db.$count(verifiedCharities)).toBe(before);

    const [first] = await t.services.db.select().from(verifiedCharities).limit(1);
    await t.services.db.delete(verifiedCharities).where(eq(verifiedCharities.id, first.id));
    await t.services.db.delete(platformStats).where(eq(platformStats.statKey, 'total_backers'));
    await seedDatabase(t.services.db);
    expect(await t.services.db.$count(verifiedCharities)).toBe(before - 1);
    expect(await t.services.db.$count(platformStats)).toBe(4);
  });
});

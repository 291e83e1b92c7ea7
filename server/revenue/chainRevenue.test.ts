import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createServices } from '../bootstrap';
import { revenueEntries } from '../db/schema';
import { SOL, launchCampaign, lamportsOf } from '../distributor/testing/campaigns';
import { airdrop } from '../launch/testing/launchFlow';
import { TEST_ADMIN_ENV, loginTestAdmin } from '../routes/admin/testAdmin';
import type { Services } from '../services';
import { createTestApp, type TestApp } from '../testing/app';
import { platformRevenue } from './chainRevenue';

describe('platform revenue read from the chain', () => {
  let t: TestApp;
  let second: Services | undefined;
  beforeAll(async () => { t = await createTestApp(TEST_ADMIN_ENV); }, 60_000);
  afterAll(async () => {
    // The second app shares the first one's database: close only what is its own.
    if (second) { await second.chain.close(); await second.events.stop(); }
    await t.close();
  });

  // Counts the reads without changing them (web3.js's Connection, not our code).
  const countReads = (services: Services) => vi.spyOn(services.chain.connection, 'getTransaction');

  it('reads each signature once and keeps it: another app over the same database reads only new signatures', { timeout: 120_000 }, async () => {
    const treasury = (await t.services.keys.treasury()).publicKey;
    await airdrop(t.services, treasury, 5);
    const beforeLaunch = lamportsOf(t.services, treasury);
    const c = await launchCampaign(t.app, t.services, { ticker: 'keep' });
    const creationFee = lamportsOf(t.services, treasury) - beforeLaunch;

    const firstReads = countReads(t.services);
    const first = await platformRevenue(t.services);
    expect(first.map((e) => [e.source, e.lamports])).toEqual([['creation_fee', creationFee]]);
    expect(firstReads).toHaveBeenCalledTimes(1);
    const [row] = await t.services.db.select().from(revenueEntries);
    expect(row).toMatchObject({ signature: first[0].signature, treasury: treasury.toBase58(), lamports: creationFee });
    // Read again in this process: from the table, not the chain.
    expect(await platformRevenue(t.services)).toEqual(first);
    expect(firstReads).toHaveBeenCalledTimes(1);
    firstReads.mockRestore();

    // A second app (as after a restart, or another process) over the same database.
    second = await createServices(t.services.env, { database: t.services.database, log: t.services.log });
    const secondReads = countReads(second);
    expect(await platformRevenue(second)).toEqual(first);
    expect(secondReads).not.toHaveBeenCalled();

    // A distributor payout: a new signature, the only one read.
    const trader = await c.trader(5);
    await c.buy(trader, 2n * SOL);
    const run = await t.app.inject({ method: 'POST', url: '/api/admin/distributor/run', payload: {}, headers: { cookie: await loginTestAdmin(t.app) } });
    expect(run.statusCode, run.body).toBe(200);
    const after = await platformRevenue(second);
    expect(after.map((e) => e.source)).toEqual(['creation_fee', 'distributor_fee']);
    expect(after[1].lamports).toBe(BigInt(run.json().platform_fee_lamports));
    expect(secondReads).toHaveBeenCalledTimes(1);
    expect(secondReads.mock.calls[0][0]).toBe(after[1].signature);
    expect(await t.services.db.$count(revenueEntries)).toBe(2);
    // The first app finds the payout's row too.
    expect(await platformRevenue(t.services)).toEqual(after);
  });

  it('stores one row per signature: a second insert of one is a no-op', async () => {
    const [row] = await t.services.db.select().from(revenueEntries).limit(1);
    await t.services.db.insert(revenueEntries).values({ ...row, lamports: 1n }).onConflictDoNothing();
    const [again] = await t.services.db.select().from(revenueEntries).where(eq(revenueEntries.signature, row.signature));
    expect(again.lamports).toBe(row.lamports);
    await expect(t.services.db.insert(revenueEntries).values({ ...row, lamports: 1n })).rejects.toThrow();
  });
});

import { and, eq } from 'drizzle-orm';
import { LAMPORTS_PER_SOL } from '../../core/constants';
import { PublicKey } from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createServices } from '../bootstrap';
import { launchDbcCampaign } from '../curve/testing/dbcCampaign';
import { dbcBuy, fundedTrader } from '../curve/testing/dbcTrade';
import { distributionRuns, revenueEntries } from '../db/schema';
import { TEST_ADMIN_ENV, loginTestAdmin } from '../routes/admin/testAdmin';
import type { Services } from '../services';
import { createTestApp, type TestApp } from '../testing/app';
import { platformRevenue } from './chainRevenue';

describe('platform revenue read from the chain', () => {
  let t: TestApp;
  let second: Services | undefined;
  // On DBC the platform's fee is its share of the pool's fee, claimed by the partner key into the treasury.
  beforeAll(async () => { t = await createTestApp({ ...TEST_ADMIN_ENV, CURVE_PROGRAM: 'dbc', CURVE_PLATFORM_SHARE_PERCENT: '20' }); }, 60_000);
  afterAll(async () => {
    // The second app shares the first one's database: close only what is its own.
    if (second) { await second.chain.close(); await second.events.stop(); }
    await t.close();
  });

  // Counts the reads without changing them (web3.js's Connection, not our code).
  const countReads = (services: Services) => vi.spyOn(services.chain.connection, 'getTransaction');
  const lamportsOf = async (services: Services, address: { toBase58(): string }) => BigInt(await services.chain.connection.getBalance(new PublicKey(address.toBase58()), 'confirmed'));

  it('reads each signature once and keeps it: another app over the same database reads only new signatures', { timeout: 120_000 }, async () => {
    const treasury = (await t.services.keys.treasury()).publicKey;
    await t.services.chain.airdrop!(treasury.toBase58(), 5n * LAMPORTS_PER_SOL);
    const beforeLaunch = await lamportsOf(t.services, treasury);
    // The creation fee rides in the creator's own launch transaction (its signature is the request's sweep).
    const c = await launchDbcCampaign(t.services, { form: { ticker: 'keep' } });
    const creationFee = await lamportsOf(t.services, treasury) - beforeLaunch;
    expect(creationFee).toBeGreaterThan(0n);

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

    // A distributor pass on DBC: two new signatures, the only ones read. The partner key's claim pays the
    // platform's share into the treasury (revenue); the cause's claim pays the donation wallet, and the
    // treasury only its network fee (read and kept once, never revenue).
    const trader = await fundedTrader(t.services, 5n * LAMPORTS_PER_SOL);
    await dbcBuy(t.app, c.mint, trader, 2n * LAMPORTS_PER_SOL);
    const run = await t.app.inject({ method: 'POST', url: '/api/admin/distributor/run', payload: {}, headers: { cookie: await loginTestAdmin(t.app) } });
    expect(run.statusCode, run.body).toBe(200);
    expect(run.json()).toMatchObject({ paid: 2 });
    const runs = await t.services.db.select().from(distributionRuns).where(and(eq(distributionRuns.mint, c.mint), eq(distributionRuns.state, 'paid')));
    const partner = runs.find((r) => r.kind === 'partner_claim')!;
    const cause = runs.find((r) => r.kind === 'dbc_claim')!;
    const after = await platformRevenue(second);
    expect(after.map((e) => e.source)).toEqual(['creation_fee', 'distributor_fee']);
    expect(after[1].signature).toBe(partner.payoutSignature);
    expect(after[1].lamports).toBe(BigInt(run.json().platform_fee_lamports));
    expect(after[1].lamports).toBe(partner.platformFeeLamports);
    expect(secondReads).toHaveBeenCalledTimes(2);
    expect(secondReads.mock.calls.map((call) => call[0]).sort()).toEqual([partner.payoutSignature, cause.payoutSignature].sort());
    expect(await t.services.db.$count(revenueEntries)).toBe(3);
    const [causeEntry] = await t.services.db.select().from(revenueEntries).where(eq(revenueEntries.signature, cause.payoutSignature!));
    expect(causeEntry!.lamports).toBeLessThan(0n);
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

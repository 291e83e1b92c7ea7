import { Keypair } from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFleet, type Fleet } from '../../server/fleet/startFleet';
import { launchCampaign } from '../launchApi';
import { newFleetDatabase } from './fleetDatabase';
import { airdrop, expectCurveEqualsPool as expectPoolBalances, poolRow, query, tokenBalance, trade, type Traded } from './fleetClient';

let fleet: Fleet;
let databaseUrl: string;

beforeAll(async () => {
  databaseUrl = await newFleetDatabase();
  fleet = await startFleet({
    databaseUrl, built: true, webs: 2, workers: 1,
    env: { DEMO_CAMPAIGNS: 'off', DEMO_ACTIVITY: 'off', OFFICIAL_TOKEN_LAUNCH: 'off', DISTRIBUTOR_INTERVAL_MS: '86400000', FAUCET_PER_MINUTE: '100000', RPC_RATE_LIMIT: '1000000' },
  });
});
afterAll(async () => { await fleet?.stop(); });

/** The curve the database holds equals the pool on chain. */
const expectCurveEqualsPool = (mint: string) => expectPoolBalances(fleet.ledger.url!, databaseUrl, mint);

describe('trades across web processes', () => {
  it('swaps built on one web process execute on the other and through nginx; each trader gets what execute reported, and the curve equals the pool', async () => {
    const [web1, web2] = fleet.webs.map((w) => w.url!) as [string, string];
    const { mint } = await launchCampaign(fleet.url, { initialBuy: '0', ticker: 'FLEET' });
    const traders = Array.from({ length: 6 }, () => Keypair.generate());
    await Promise.all(traders.map((t) => airdrop(fleet.url, t.publicKey, 5)));

    // Buys whose build and execute go to different processes, all at once.
    const routes: [string, string][] = [[web1, web2], [web2, web1], [fleet.url, web1], [web2, fleet.url], [fleet.url, fleet.url], [web1, web1]];
    const buys = await Promise.all(traders.map((t, i) => trade(routes[i]![0], routes[i]![1], mint, 'buy', t, '0.5')));
    for (const [i, bought] of buys.entries()) {
      // What the swap's own event says it gave (execute reads it from the chain), to the base unit.
      const held = await tokenBalance(fleet.ledger.url!, mint, traders[i]!.publicKey.toBase58());
      expect(held, `trader ${i}`).toBe(bought.expected);
    }
    await expectCurveEqualsPool(mint);

    // Sells of half, again crossing processes.
    const sells: Traded[] = await Promise.all(traders.map(async (t, i) => {
      const held = await tokenBalance(fleet.ledger.url!, mint, t.publicKey.toBase58());
      return trade(routes[(i + 1) % routes.length]![0], routes[i]![1], mint, 'sell', t, (Number(held / 2n) / 1e9).toFixed(9));
    }));
    expect(sells.every((s) => s.expected > 0n)).toBe(true);
    await expectCurveEqualsPool(mint);
    const rows = await query<{ n: string }>(databaseUrl, 'select count(*)::text as n from curve_trades where mint = $1', [mint]);
    expect(Number(rows[0]!.n)).toBe(12);
  });

  it('racing buys from both processes complete the curve exactly once, it migrates, and trading goes on on DAMM v2', async () => {
    const [web1, web2] = fleet.webs.map((w) => w.url!) as [string, string];
    const { mint } = await launchCampaign(fleet.url, { initialBuy: '0', ticker: 'GRAD' });
    const whales = Array.from({ length: 4 }, () => Keypair.generate());
    await Promise.all(whales.map((t) => airdrop(fleet.url, t.publicKey, 20)));
    // 4 x 6 SOL against a 20 SOL curve: partial-fill buys, one of which fills it; any after it
    // is refused (complete: 409 on build, or the program's refusal on execute).
    const outcomes = await Promise.allSettled(whales.map((t, i) => trade(i % 2 ? web1 : web2, i % 2 ? web2 : web1, mint, 'buy', t, '6')));
    const landed = outcomes.flatMap((o) => (o.status === 'fulfilled' ? [o.value] : []));
    expect(landed.filter((t) => t.graduated)).toHaveLength(1);
    const pool = await poolRow(databaseUrl, mint);
    expect(pool.complete).toBe(true);
    // Filled to its threshold (DBC's rounding may leave it a lamport over), not short of it.
    expect(BigInt(pool.real_sol_reserves)).toBeGreaterThanOrEqual(BigInt(pool.threshold_lamports));
    // The worker's graduate-curves job migrates it into DAMM v2.
    await expect.poll(async () => (await poolRow(databaseUrl, mint)).damm_pool, { timeout: 60_000, interval: 250 }).not.toBeNull();
    const graduations = await query<{ n: string }>(databaseUrl, 'select count(*)::text as n from curve_pools where mint = $1 and graduated_at is not null', [mint]);
    expect(Number(graduations[0]!.n)).toBe(1);
    const [campaign] = await query<{ is_bonded: boolean }>(databaseUrl, 'select is_bonded from campaigns where token_address = $1', [mint]);
    expect(campaign!.is_bonded).toBe(true);
    // The graduated pool still trades, through either process (on its DAMM v2 pool).
    const after = await trade(web2, web1, mint, 'buy', whales[0]!, '0.1');
    expect(after.expected).toBeGreaterThan(0n);
    await expectCurveEqualsPool(mint);
  });
});

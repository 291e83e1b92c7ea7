import { DynamicBondingCurveClient } from '@meteora-ag/dynamic-bonding-curve-sdk';
import { Keypair, PublicKey } from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAMPORTS_PER_SOL } from '../../core/constants';
import { createTestApp, type TestApp } from '../testing/app';
import { testIp } from '../testing/wallet';
import { signAsWallet } from '../testing/signing';
import { launchDbcCampaign } from './testing/dbcCampaign';
import { readVirtualPool } from './virtualPool';

// Everything a visitor's page reads about a campaign, for one on its own DBC pool (issue 36).
describe('a campaign on its own DBC pool, as its pages read it', () => {
  let t: TestApp;
  let mint: string;
  const trader = Keypair.generate();
  const get = (url: string) => t.app.inject({ method: 'GET', url, remoteAddress: testIp() });

  beforeAll(async () => {
    t = await createTestApp();
    mint = (await launchDbcCampaign(t.services, { initialBuyLamports: LAMPORTS_PER_SOL / 2n })).mint;
    await t.services.chain.airdrop!(trader.publicKey.toBase58(), 10n * LAMPORTS_PER_SOL);
    const built = await t.app.inject({ method: 'POST', url: `/api/curve/${mint}/buy`, payload: { wallet: trader.publicKey.toBase58(), amount: '2', slippageBps: 500 }, remoteAddress: testIp() });
    const done = await t.app.inject({ method: 'POST', url: `/api/curve/${mint}/execute`, payload: { transactionBase64: signAsWallet(built.json().transactionBase64, trader) }, remoteAddress: testIp() });
    expect(done.statusCode, done.body).toBe(200);
  }, 60_000);
  afterAll(async () => { await t.close(); });

  it('answers every read with the pool\'s figures, none failing', async () => {
    const paths = [
      `/api/campaigns/${mint}`, `/api/campaigns/${mint}/trust`, `/api/campaigns/${mint}/proof`, `/api/campaigns/${mint}/market`,
      `/api/campaigns/${mint}/trades`, `/api/campaigns/${mint}/candles`, `/api/campaigns/${mint}/markers`, `/api/campaigns/${mint}/donations`,
      `/api/curve/${mint}/progress`, `/api/curve/${mint}/quote?side=buy&amount=1`, `/api/token-metadata/${mint}`, `/api/campaigns/${mint}/og-image.png`,
    ];
    const failed: string[] = [];
    for (const path of paths) {
      const res = await get(path);
      if (res.statusCode !== 200) failed.push(`${path} ${res.statusCode} ${res.body.slice(0, 300)}`);
    }
    expect(failed).toEqual([]);
    // Two trades (the creator's initial buy, the trader's), two holders, progress from the pool itself.
    const trades = (await get(`/api/campaigns/${mint}/trades`)).json();
    expect(JSON.stringify(trades)).toContain(trader.publicKey.toBase58());
    const progress = (await get(`/api/curve/${mint}/progress`)).json();
    const pool = (await readVirtualPool(t.services.chain.connection, new PublicKey(progress.poolId)))!.poolState;
    // The spec's progress fields are the DBC pool's own (the price to within the mirror's rounding).
    expect(progress.progress.baseReserve).toBe(pool.baseReserve.toString());
    expect(BigInt(`0x${progress.progress.quoteReserve}`)).toBe(BigInt(pool.quoteReserve.toString()));
    expect(Math.abs(Number(progress.progress.sqrtPrice) / Number(pool.sqrtPrice.toString()) - 1)).toBeLessThan(1e-6);
    // The trust panel says who holds the money: no platform key, the pool's program.
    const statements: string[] = (await get(`/api/campaigns/${mint}/trust`)).json().authorities.statements;
    expect(statements.at(-1)).toContain(`Meteora Dynamic Bonding Curve pool (${progress.poolId}): no platform key can move its SOL or tokens`);
    expect(statements.join(' ')).not.toContain('pool wallet is a platform key');
    // The chart's first candle opens at the pool's start price (its config's), not at what the initial buy paid, fee included.
    const config = (await new DynamicBondingCurveClient(t.services.chain.connection, 'confirmed').state.getPoolConfig(pool.config))!;
    const startSqrt = Number(config.sqrtStartPrice.toString()) / 2 ** 64;
    const [first] = (await get(`/api/campaigns/${mint}/candles?interval=1d`)).json().candles;
    expect(Math.abs(Number(first.open) / (startSqrt * startSqrt) - 1)).toBeLessThan(1e-6);
    const market = (await get(`/api/campaigns/${mint}/market`)).json();
    expect(market).toMatchObject({ holders: 2, trades24h: 2, volume24hSol: '2.5', isBonded: false });
  }, 60_000);
});

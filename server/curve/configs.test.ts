import { DynamicBondingCurveClient, getBaseTokenForSwap } from '@meteora-ag/dynamic-bonding-curve-sdk';
import { PublicKey } from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAMPORTS_PER_SOL } from '../../core/constants';
import { NATIVE_MINT } from '../chain/ledger/genesis/meteora';
import { createTestApp, type TestApp } from '../testing/app';
import { curveConfigParameters } from './configParams';
import { CurveConfigsMissingError, curvePartner, ensureCurveConfigs } from './configs';

const SOLD_ON_CURVE = 793_100_000n * 10n ** 9n;

describe('the platform configs of DBC', () => {
  it('sell about 793.1 M tokens on the curve of each curve type, and graduate at 20 and 60 SOL', () => {
    for (const [curveType, sol] of [[1, 20n], [2, 60n]] as const) {
      const params = curveConfigParameters(curveType, 0);
      const sold = BigInt(getBaseTokenForSwap(params.sqrtStartPrice, params.curve[0].sqrtPrice, params.curve).toString());
      // The builder's integer sqrt prices land within 0.0001% of today's curve.
      expect(sold <= SOLD_ON_CURVE && SOLD_ON_CURVE - sold < SOLD_ON_CURVE / 1_000_000n).toBe(true);
      expect(BigInt(params.migrationQuoteThreshold.toString())).toBe(sol * LAMPORTS_PER_SOL);
      // 6% of the SOL side: DBC's fee numerator is over 1e9.
      expect(params.poolFees.baseFee.cliffFeeNumerator.toString()).toBe('60000000');
    }
    expect(curveConfigParameters(1, 25).creatorTradingFeePercentage).toBe(75);
    expect(() => curveConfigParameters(1, 101)).toThrow(RangeError);
  });
});

describe('ensureCurveConfigs on the local ledger', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp(); }, 60_000);
  afterAll(async () => { await t.close(); });

  it('creates one config per curve type, once, even when two callers race', async () => {
    const [first, second] = await Promise.all([ensureCurveConfigs(t.services), ensureCurveConfigs(t.services)]);
    expect(second).toEqual(first);
    expect(first.map((c) => c.curveType)).toEqual([1, 2]);

    const client = new DynamicBondingCurveClient(t.services.chain.connection, 'confirmed');
    const partner = (await curvePartner(t.services)).publicKey;
    for (const [i, sol] of [20n, 60n].entries()) {
      const config = await client.state.getPoolConfig(new PublicKey(first[i].address));
      if (!config) throw new Error(`no config at ${first[i].address}`);
      expect(BigInt(config.migrationQuoteThreshold.toString())).toBe(sol * LAMPORTS_PER_SOL);
      expect(config.feeClaimer.equals(partner)).toBe(true);
      expect(config.quoteMint.toBase58()).toBe(NATIVE_MINT);
      expect(config.creatorTradingFeePercentage).toBe(100);
      expect(config.creatorPermanentLockedLiquidityPercentage).toBe(100);
      expect(config.partnerLiquidityPercentage + config.creatorLiquidityPercentage + config.partnerPermanentLockedLiquidityPercentage).toBe(0);
      // Token-2022 base, DAMM v2 migration with its Customizable (6%) fee option.
      expect([config.tokenType, config.migrationOption, config.migrationFeeOption]).toEqual([1, 1, 6]);
    }

    // Started again: the same accounts, nothing paid.
    const balance = await t.services.chain.connection.getBalance(partner, 'confirmed');
    expect(await ensureCurveConfigs(t.services)).toEqual(first);
    expect(await t.services.chain.connection.getBalance(partner, 'confirmed')).toBe(balance);
  }, 60_000);

  it('a new platform share names new configs; where it may not create them, it says how to', async () => {
    const before = await ensureCurveConfigs(t.services);
    const services = { ...t.services, env: { ...t.services.env, CURVE_PLATFORM_SHARE_PERCENT: 25 } };
    await expect(ensureCurveConfigs(services, { create: false })).rejects.toThrow(CurveConfigsMissingError);
    await expect(ensureCurveConfigs(services, { create: false })).rejects.toThrow('npm run curve:configs');
    const shared = await ensureCurveConfigs(services);
    expect(shared.map((c) => c.address)).not.toEqual(before.map((c) => c.address));
    const config = await new DynamicBondingCurveClient(t.services.chain.connection, 'confirmed').state.getPoolConfig(new PublicKey(shared[0].address));
    expect(config?.creatorTradingFeePercentage).toBe(75);
  }, 60_000);
});

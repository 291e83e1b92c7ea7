// The DBC config meteoraPath.test.ts launches with: the shape the platform's launches are meant
// to take (a Token-2022 token, a 6% fee in SOL to the creator, 20 SOL to graduate into DAMM v2
// with the creator's liquidity locked for good). Only the test uses it.

import {
  ActivationType, BaseFeeMode, buildCurve, CollectFeeMode, DammV2DynamicFeeMode, MigratedCollectFeeMode,
  MigrationFeeOption, MigrationOption, TokenAuthorityOption, TokenDecimal, TokenType, type ConfigParameters,
} from '@meteora-ag/dynamic-bonding-curve-sdk';

export const FEE_BPS = 600;
export const MIGRATION_QUOTE_THRESHOLD_SOL = 20;
export const TOTAL_SUPPLY_TOKENS = 1_000_000_000;
/** The share of the supply that goes into DAMM v2 at migration: 20.69% leaves about 793.1 M tokens to sell on the curve. */
export const PERCENTAGE_SUPPLY_ON_MIGRATION = 20.69;

export function meteoraCurveConfig(): ConfigParameters {
  return buildCurve({
    token: {
      tokenType: TokenType.Token2022,
      tokenBaseDecimal: TokenDecimal.NINE,
      tokenQuoteDecimal: TokenDecimal.NINE,
      tokenAuthorityOption: TokenAuthorityOption.Immutable,
      totalTokenSupply: TOTAL_SUPPLY_TOKENS,
      leftover: 0,
    },
    fee: {
      // A flat fee: a scheduler from 6% to 6% with no periods.
      baseFeeParams: {
        baseFeeMode: BaseFeeMode.FeeSchedulerLinear,
        feeSchedulerParam: { startingFeeBps: FEE_BPS, endingFeeBps: FEE_BPS, numberOfPeriod: 0, totalDuration: 0 },
      },
      dynamicFeeEnabled: false,
      collectFeeMode: CollectFeeMode.QuoteToken,
      creatorTradingFeePercentage: 100,
      poolCreationFee: 0,
      enableFirstSwapWithMinFee: false,
    },
    migration: {
      migrationOption: MigrationOption.MET_DAMM_V2,
      migrationFeeOption: MigrationFeeOption.Customizable,
      migrationFee: { feePercentage: 0, creatorFeePercentage: 0 },
      migratedPoolFee: { collectFeeMode: MigratedCollectFeeMode.QuoteToken, dynamicFee: DammV2DynamicFeeMode.Disabled, poolFeeBps: FEE_BPS },
    },
    liquidityDistribution: {
      partnerPermanentLockedLiquidityPercentage: 0,
      partnerLiquidityPercentage: 0,
      creatorPermanentLockedLiquidityPercentage: 100,
      creatorLiquidityPercentage: 0,
    },
    lockedVesting: { totalLockedVestingAmount: 0, numberOfVestingPeriod: 0, cliffUnlockAmount: 0, totalVestingDuration: 0, cliffDurationFromMigrationTime: 0 },
    activationType: ActivationType.Timestamp,
    percentageSupplyOnMigration: PERCENTAGE_SUPPLY_ON_MIGRATION,
    migrationQuoteThreshold: MIGRATION_QUOTE_THRESHOLD_SOL,
  });
}

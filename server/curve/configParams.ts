// The DBC config a campaign's pool is created under, one per curve type (issue 36): built with
// Meteora's own curve builder so the program gets exactly the parameters its SDK documents.

import {
  ActivationType, BaseFeeMode, buildCurve, CollectFeeMode, DammV2DynamicFeeMode, MigratedCollectFeeMode, MigrationFeeOption,
  MigrationOption, TokenAuthorityOption, TokenDecimal, TokenType, type ConfigParameters,
} from '@meteora-ag/dynamic-bonding-curve-sdk';
import { GRADUATION_THRESHOLD_SOL, TOKEN_DECIMALS, TOKEN_TOTAL_SUPPLY } from '../../core/constants';
import type { BondingCurveType } from '../../core/enums';
import {
  CAMPAIGN_POOL_FEES, creatorTradingFeePercentage, SUPPLY_PERCENT_ON_MIGRATION, type PoolFees,
} from '../../core/curve/dbc';

const WHOLE_TOKENS = Number(TOKEN_TOTAL_SUPPLY / 10n ** BigInt(TOKEN_DECIMALS));

/**
 * The parameters of the platform's config for a curve type: 1,000,000,000 tokens (Token-2022,
 * 9 decimals, no mint authority, metadata updatable by the platform as today), a flat 6% fee
 * collected in SOL, graduation at the curve type's threshold into DAMM v2 (a 6% pool) with every
 * bit of liquidity permanently locked for the pool's creator (the campaign's distributor key,
 * which can claim fees and nothing else). `platformSharePercent` of the non-protocol fee goes to
 * the platform (the config's fee claimer), the rest to the pool's creator, for the cause. The
 * official token's config differs only in its fees (a 10% pool, OFFICIAL_POOL_FEES).
 */
export function curveConfigParameters(curveType: BondingCurveType, platformSharePercent: number, fees: PoolFees = CAMPAIGN_POOL_FEES): ConfigParameters {
  const feeBps = fees.tradeFeeBps;
  return buildCurve({
    token: {
      tokenType: TokenType.Token2022,
      tokenBaseDecimal: TokenDecimal.NINE,
      tokenQuoteDecimal: TokenDecimal.NINE,
      tokenAuthorityOption: TokenAuthorityOption.PartnerUpdateAuthority,
      totalTokenSupply: WHOLE_TOKENS,
      leftover: 0,
    },
    fee: {
      baseFeeParams: {
        baseFeeMode: BaseFeeMode.FeeSchedulerLinear,
        feeSchedulerParam: { startingFeeBps: feeBps, endingFeeBps: feeBps, numberOfPeriod: 0, totalDuration: 0 },
      },
      dynamicFeeEnabled: false,
      collectFeeMode: CollectFeeMode.QuoteToken,
      creatorTradingFeePercentage: creatorTradingFeePercentage(platformSharePercent),
      poolCreationFee: 0,
      enableFirstSwapWithMinFee: false,
    },
    migration: {
      migrationOption: MigrationOption.MET_DAMM_V2,
      migrationFeeOption: MigrationFeeOption.Customizable,
      migrationFee: { feePercentage: 0, creatorFeePercentage: 0 },
      migratedPoolFee: { collectFeeMode: MigratedCollectFeeMode.QuoteToken, dynamicFee: DammV2DynamicFeeMode.Disabled, poolFeeBps: fees.migratedPoolFeeBps },
    },
    liquidityDistribution: {
      partnerPermanentLockedLiquidityPercentage: 0,
      partnerLiquidityPercentage: 0,
      creatorPermanentLockedLiquidityPercentage: 100,
      creatorLiquidityPercentage: 0,
    },
    lockedVesting: { totalLockedVestingAmount: 0, numberOfVestingPeriod: 0, cliffUnlockAmount: 0, totalVestingDuration: 0, cliffDurationFromMigrationTime: 0 },
    activationType: ActivationType.Timestamp,
    percentageSupplyOnMigration: SUPPLY_PERCENT_ON_MIGRATION,
    migrationQuoteThreshold: GRADUATION_THRESHOLD_SOL[curveType],
  });
}

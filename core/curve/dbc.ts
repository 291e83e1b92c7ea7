// The on-chain curve's fixed numbers (issue 36): every campaign is a Meteora Dynamic Bonding
// Curve pool quoted in SOL that graduates into a DAMM v2 pool with its liquidity locked.

import { CAMPAIGN_TAX_BPS, OFFICIAL_TOKEN_TAX_BPS, TOKEN_TOTAL_SUPPLY } from '../constants';
import { CURVE_TOKENS_FOR_SALE } from './constants';

/** The trading fee of every pool, in basis points of the SOL side, collected in SOL. */
export const DBC_TRADE_FEE_BPS = CAMPAIGN_TAX_BPS;
/** DBC's protocol keeps this share of every pool's fee (the program's PROTOCOL_FEE_PERCENT). */
export const DBC_PROTOCOL_FEE_PERCENT = 20;
/** The graduated DAMM v2 pool's fee, in basis points. */
export const DAMM_V2_POOL_FEE_BPS = CAMPAIGN_TAX_BPS;

/**
 * The official token's pool fee, on its curve and after graduation (spec 1: a 10% total tax). 10% is
 * DAMM v2's highest migrated pool fee (DBC's MAX_MIGRATED_POOL_FEE_BPS, 1,000).
 */
export const OFFICIAL_POOL_FEE_BPS = OFFICIAL_TOKEN_TAX_BPS;

/** A pool's fee: on its curve and on the DAMM v2 pool it graduates into. */
export type PoolFees = { tradeFeeBps: number; migratedPoolFeeBps: number };
export const CAMPAIGN_POOL_FEES: PoolFees = { tradeFeeBps: DBC_TRADE_FEE_BPS, migratedPoolFeeBps: DAMM_V2_POOL_FEE_BPS };
export const OFFICIAL_POOL_FEES: PoolFees = { tradeFeeBps: OFFICIAL_POOL_FEE_BPS, migratedPoolFeeBps: OFFICIAL_POOL_FEE_BPS };

/** Of a pool fee, what its claimer receives after DBC's protocol share (the rest of every claim), in basis points of the trade. */
export function claimableBpsOfTrade(feeBps: number): number {
  return (feeBps * (100 - DBC_PROTOCOL_FEE_PERCENT)) / 100;
}
/**
 * The part of the supply DBC hands to the DAMM v2 pool at graduation, as a percentage: what the
 * curve does not sell (1,000,000,000 - 793,100,000 = 206,900,000 tokens, 20.69%).
 */
export const SUPPLY_PERCENT_ON_MIGRATION = Number(((TOKEN_TOTAL_SUPPLY - CURVE_TOKENS_FOR_SALE) * 10_000n) / TOKEN_TOTAL_SUPPLY) / 100;

/**
 * Of the fee DBC leaves after its protocol share, the creator's part (the campaign's distributor
 * key, which claims it to the donation wallet) when the platform takes `platformSharePercent`.
 */
export function creatorTradingFeePercentage(platformSharePercent: number): number {
  if (!Number.isInteger(platformSharePercent) || platformSharePercent < 0 || platformSharePercent > 100) {
    throw new RangeError(`The platform's share must be a whole percentage from 0 to 100: ${platformSharePercent}`);
  }
  return 100 - platformSharePercent;
}

/** What reaches the cause per 10,000 lamports traded, in basis points (480 with no platform share). */
export function causeBpsOfTrade(platformSharePercent: number): number {
  return (DBC_TRADE_FEE_BPS * (100 - DBC_PROTOCOL_FEE_PERCENT) * creatorTradingFeePercentage(platformSharePercent)) / 10_000;
}

// The curve's fixed numbers (design.md section 2), in token base units (9 decimals).

import { TOKEN_DECIMALS, TOKEN_TOTAL_SUPPLY } from '../constants';

const TOKEN = 10n ** BigInt(TOKEN_DECIMALS);

/** Tokens the curve sells before it graduates. */
export const CURVE_TOKENS_FOR_SALE = 793_100_000n * TOKEN;
/** Virtual token reserves of a fresh curve. */
export const INITIAL_VIRTUAL_TOKEN_RESERVES = 1_073_000_000n * TOKEN;
/** Virtual token reserves left when every token for sale is sold (1,073,000,000 - 793,100,000). */
export const FINAL_VIRTUAL_TOKEN_RESERVES = INITIAL_VIRTUAL_TOKEN_RESERVES - CURVE_TOKENS_FOR_SALE;
/** The part of the supply the pool keeps for liquidity after graduation (1,000,000,000 - 793,100,000). */
export const LIQUIDITY_RESERVE_TOKENS = TOKEN_TOTAL_SUPPLY - CURVE_TOKENS_FOR_SALE;

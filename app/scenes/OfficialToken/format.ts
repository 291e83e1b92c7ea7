import { formatCompactUsd2 } from '../../../core/format';
import { tokenUnitsToNumber } from '../../../core/money';

/** Spec 1 section 5: on the official token page large numbers use K, M, B with two decimals. */
export const compact2 = (value: number) => formatCompactUsd2(value).replace('$', '');

/** Whole tokens from base units, compact: '12.35M'. */
export const compactTokens = (baseUnits: string) => compact2(tokenUnitsToNumber(BigInt(baseUnits)));

// Shares as exact ratios of bigints: a threshold like "more than half" must not depend on
// float rounding at exactly 50%.

export type Ratio = { num: bigint; den: bigint };

/** part / whole > limit, exactly. Nothing is more than a share of zero. */
export function moreThan(part: bigint, whole: bigint, limit: Ratio): boolean {
  return whole > 0n && part * limit.den > whole * limit.num;
}

/** part / whole as a percent rounded down to 2 decimals ("50.00"); null for a zero whole. */
export function percentOf(part: bigint, whole: bigint): string | null {
  if (whole <= 0n) return null;
  const hundredths = (part * 10_000n) / whole;
  return `${hundredths / 100n}.${(hundredths % 100n).toString().padStart(2, '0')}`;
}

/** num / den as an exact decimal string, rounded down to `places`, trailing zeros trimmed. */
export function decimalRatio(num: bigint, den: bigint, places = 18): string {
  if (den === 0n) return '0';
  const negative = (num < 0n) !== (den < 0n) && num !== 0n;
  const n = num < 0n ? -num : num;
  const d = den < 0n ? -den : den;
  const scale = 10n ** BigInt(places);
  const scaled = (n * scale) / d;
  const whole = (scaled / scale).toString();
  const fraction = (scaled % scale).toString().padStart(places, '0').replace(/0+$/, '');
  const text = fraction ? `${whole}.${fraction}` : whole;
  return negative && text !== '0' ? `-${text}` : text;
}

/** A stored numeric (e.g. "0.00000002800000000000") without its trailing zeros. */
export function trimDecimal(text: string): string {
  return text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text;
}

/** numerator / denominator as an exact decimal string with 20 places (rounded down): a trade's stored price. */
export function ratio(numerator: bigint, denominator: bigint): string {
  if (denominator === 0n) return '0';
  const scale = 10n ** 20n;
  const scaled = (numerator * scale) / denominator;
  return `${scaled / scale}.${(scaled % scale).toString().padStart(20, '0')}`;
}

// Exact money: every amount is a bigint in base units (lamports, token base units).
// Decimal strings are parsed and printed digit by digit, never through a float.

import { LAMPORTS_PER_SOL, TOKEN_DECIMALS } from './constants';

export const SOL_DECIMALS = 9;
export const BPS_DENOMINATOR = 10_000n;
export const U64_MAX = 2n ** 64n - 1n;

const DECIMAL_PATTERN = /^(\d*)(?:\.(\d*))?$/;

/** Parses a non-negative decimal string ("1", "0.5", ".5", "1.") into base units with `decimals` places. */
export function parseUnits(text: string, decimals: number, unitName = 'Amount'): bigint {
  assertDecimals(decimals);
  const trimmed = text.trim();
  if (trimmed.startsWith('-')) throw new Error(`${unitName} must not be negative`);
  const match = DECIMAL_PATTERN.exec(trimmed);
  const whole = match?.[1] ?? '';
  const fraction = match?.[2] ?? '';
  if (!match || (whole === '' && fraction === '')) throw new Error(`${unitName} is not a valid number: "${text}"`);
  if (fraction.length > decimals) {
    throw new Error(`${unitName} has more than ${decimals} decimal places: "${text}"`);
  }
  return BigInt(whole || '0') * 10n ** BigInt(decimals) + BigInt(fraction.padEnd(decimals, '0') || '0');
}

export type FormatUnitsOptions = {
  /** Drop trailing zeros of the fraction (and the dot when nothing is left). */
  trim?: boolean;
  /** What to do with digits beyond maxDecimals: 'down' truncates toward zero, 'halfUp' rounds half away from zero. */
  rounding?: 'down' | 'halfUp';
};

/** Prints base units as a decimal string with at most `maxDecimals` fraction digits. */
export function formatUnits(
  units: bigint,
  decimals: number,
  maxDecimals = decimals,
  { trim = true, rounding = 'down' }: FormatUnitsOptions = {},
): string {
  assertDecimals(decimals);
  if (!Number.isInteger(maxDecimals) || maxDecimals < 0) throw new RangeError(`maxDecimals must be a non-negative integer: ${maxDecimals}`);
  const negative = units < 0n;
  let magnitude = negative ? -units : units;
  const shown = Math.min(maxDecimals, decimals);
  const dropped = 10n ** BigInt(decimals - shown);
  if (rounding === 'halfUp' && dropped > 1n) magnitude += dropped / 2n;
  magnitude /= dropped;
  const scale = 10n ** BigInt(shown);
  const whole = (magnitude / scale).toString();
  let fraction = shown > 0 ? (magnitude % scale).toString().padStart(shown, '0') : '';
  // Without trimming, the caller asked for exactly maxDecimals places, even beyond the unit's precision.
  if (!trim && maxDecimals > shown) fraction = fraction.padEnd(maxDecimals, '0');
  if (trim) fraction = fraction.replace(/0+$/, '');
  const sign = negative && (whole !== '0' || /[1-9]/.test(fraction)) ? '-' : '';
  return fraction ? `${sign}${whole}.${fraction}` : `${sign}${whole}`;
}

/** Decimal SOL text -> lamports. Throws a readable Error for negatives, exponents, junk or more than 9 decimals. */
export function parseSol(text: string): bigint {
  return parseUnits(text, SOL_DECIMALS, 'SOL amount');
}

/** Lamports -> decimal SOL text, exact. */
export function formatSol(lamports: bigint, maxDecimals = SOL_DECIMALS, options: FormatUnitsOptions = {}): string {
  return formatUnits(lamports, SOL_DECIMALS, maxDecimals, options);
}

/**
 * SOL -> lamports. A number is read through its shortest decimal form (what a person
 * typed: 0.1 is "0.1"), so constants like GOAL_MIN_SOL convert exactly.
 */
export function solToLamports(sol: string | number): bigint {
  return parseSol(typeof sol === 'number' ? numberToDecimalText(sol) : sol);
}

/** Lamports -> the full-precision decimal SOL string used on the wire. */
export function lamportsToSolString(lamports: bigint): string {
  return formatSol(lamports);
}

/** Decimal token text -> token base units. */
export function parseTokenAmount(text: string, decimals = TOKEN_DECIMALS): bigint {
  return parseUnits(text, decimals, 'Token amount');
}

/** Token base units -> decimal token text. */
export function formatTokenAmount(
  units: bigint,
  decimals = TOKEN_DECIMALS,
  maxDecimals = decimals,
  options: FormatUnitsOptions = {},
): string {
  return formatUnits(units, decimals, maxDecimals, options);
}

/** Token base units -> whole tokens as a float. For display math only (charts, ratios), never for money. */
export function tokenUnitsToNumber(units: bigint, decimals = TOKEN_DECIMALS): number {
  return Number(formatUnits(units, decimals));
}

/** Lamports -> SOL as a float. For display math only (USD estimates, charts), never for money. */
export function lamportsToNumber(lamports: bigint): number {
  return Number(formatSol(lamports));
}

/** floor(a * b / c) for any signs; c must not be zero. */
export function mulDivFloor(a: bigint, b: bigint, c: bigint): bigint {
  return divFloor(a * b, c);
}

/** ceil(a * b / c) for any signs; c must not be zero. */
export function mulDivCeil(a: bigint, b: bigint, c: bigint): bigint {
  return divCeil(a * b, c);
}

/** floor(n / d): bigint `/` truncates toward zero, which rounds negatives the wrong way. */
export function divFloor(n: bigint, d: bigint): bigint {
  if (d === 0n) throw new RangeError('Division by zero');
  const q = n / d;
  return (n % d !== 0n && (n < 0n) !== (d < 0n)) ? q - 1n : q;
}

/** ceil(n / d). */
export function divCeil(n: bigint, d: bigint): bigint {
  if (d === 0n) throw new RangeError('Division by zero');
  const q = n / d;
  return (n % d !== 0n && (n < 0n) === (d < 0n)) ? q + 1n : q;
}

/** amount × bps / 10,000, rounded down: what a fee or share paid OUT of a pot may be at most. */
export function percentOf(amount: bigint, bps: number | bigint): bigint {
  return mulDivFloor(amount, toBps(bps), BPS_DENOMINATOR);
}

/** amount × bps / 10,000, rounded up: what a fee charged TO someone must be at least. */
export function percentOfCeil(amount: bigint, bps: number | bigint): bigint {
  return mulDivCeil(amount, toBps(bps), BPS_DENOMINATOR);
}

/** amount × whole percent / 100, rounded down (for the spec's rules stated in percent, e.g. 20% platform fee). */
export function wholePercentOf(amount: bigint, percent: number | bigint): bigint {
  return mulDivFloor(amount, BigInt(percent), 100n);
}

/** The least amount still accepted under a slippage tolerance: amount × (10,000 − bps) / 10,000, floored. */
export function minimumWithSlippage(amount: bigint, slippageBps: number | bigint): bigint {
  const bps = toBps(slippageBps);
  if (bps > BPS_DENOMINATOR) throw new RangeError(`Slippage cannot exceed 10000 bps: ${bps}`);
  return mulDivFloor(amount, BPS_DENOMINATOR - bps, BPS_DENOMINATOR);
}

/** part / whole in basis points, floored; 0 when whole is 0. */
export function ratioBps(part: bigint, whole: bigint): bigint {
  return whole === 0n ? 0n : mulDivFloor(part, BPS_DENOMINATOR, whole);
}

export function minBigint(first: bigint, ...rest: bigint[]): bigint {
  return rest.reduce((m, v) => (v < m ? v : m), first);
}

export function maxBigint(first: bigint, ...rest: bigint[]): bigint {
  return rest.reduce((m, v) => (v > m ? v : m), first);
}

export function sumBigint(values: Iterable<bigint>): bigint {
  let total = 0n;
  for (const v of values) total += v;
  return total;
}

export const ONE_SOL = LAMPORTS_PER_SOL;

function toBps(bps: number | bigint): bigint {
  if (typeof bps === 'number' && !Number.isInteger(bps)) throw new RangeError(`Basis points must be an integer: ${bps}`);
  const value = BigInt(bps);
  if (value < 0n) throw new RangeError(`Basis points must not be negative: ${bps}`);
  return value;
}

function assertDecimals(decimals: number): void {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 30) throw new RangeError(`Invalid decimals: ${decimals}`);
}

// JS prints very large or very small numbers in exponent form; those are rejected rather than guessed.
function numberToDecimalText(value: number): string {
  if (!Number.isFinite(value)) throw new Error(`SOL amount is not a valid number: ${value}`);
  const text = String(value);
  if (/e/i.test(text)) throw new Error(`SOL amount has too many digits to convert exactly: ${text}`);
  return text;
}

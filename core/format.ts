// Display formatting of spec 1 section 5 ('Market cap display', 'Price display') and
// section 9 ('Display limits'). USD figures are floats (display only); SOL amounts are
// bigint lamports printed exactly.

import { DEFAULT_MARKET_CAP_USD } from './constants';
import { formatSol, formatUnits, parseUnits } from './money';

/** Market cap as the cards and tables show it: '$1.2B', '$3M', '$12K', '$999'. */
export function formatMarketCap(usd: number): string {
  if (!Number.isFinite(usd)) return '$0';
  return compactUsd(usd, [0, 0, 0, 1]);
}

/** Large USD figures on the official token page: '$1.23K', '$4.56M', '$7.89B', '$999.00'. */
export function formatCompactUsd2(usd: number): string {
  if (!Number.isFinite(usd)) return '$0.00';
  return compactUsd(usd, [2, 2, 2, 2]);
}

const COMPACT_UNITS = [[1, ''], [1e3, 'K'], [1e6, 'M'], [1e9, 'B']] as const;

/**
 * The largest unit the value reaches, with that unit's decimals; a figure that rounds up
 * to 1000 of its unit moves to the next one, so 999,999 reads '$1.00M', never '$1000.00K'.
 */
function compactUsd(usd: number, decimals: readonly [number, number, number, number]): string {
  const sign = usd < 0 ? '-' : '';
  const value = Math.abs(usd);
  let unit = COMPACT_UNITS.findLastIndex(([size]) => value >= size);
  if (unit < 0) unit = 0;
  let text = (value / COMPACT_UNITS[unit]![0]).toFixed(decimals[unit]!);
  if (Number(text) >= 1000 && unit < COMPACT_UNITS.length - 1) {
    unit += 1;
    text = (value / COMPACT_UNITS[unit]![0]).toFixed(decimals[unit]!);
  }
  return `${sign}$${text}${COMPACT_UNITS[unit]![1]}`;
}

/** Token price in USD with decimals by magnitude, so tiny prices stay readable. */
export function formatPrice(usd: number): string {
  if (!Number.isFinite(usd) || usd === 0) return '$0.00';
  const digits = priceDigits(Math.abs(usd));
  // Below 1e-10 nothing survives 10 decimals; show the floor of the scale rather than a fake zero.
  if (digits === null) return '<$0.0000000001';
  return `${usd < 0 ? '-' : ''}$${digits}`;
}

/** A price in SOL per token, same decimals by magnitude as formatPrice: '0.00000003 SOL'. */
export function formatSolPrice(sol: number): string {
  if (!Number.isFinite(sol) || sol === 0) return '0.00 SOL';
  const digits = priceDigits(Math.abs(sol));
  if (digits === null) return '<0.0000000001 SOL';
  return `${sol < 0 ? '-' : ''}${digits} SOL`;
}

/** A price's digits alone (chart axes, table cells under a 'Price (SOL)' heading): '0.000000028'. */
export function formatPriceNumber(value: number): string {
  if (!Number.isFinite(value) || value === 0) return '0.00';
  const digits = priceDigits(Math.abs(value));
  if (digits === null) return '<0.0000000001';
  return `${value < 0 ? '-' : ''}${digits}`;
}

// Spec 1 section 5 'Price display'; null when the value is below what 10 decimals show.
function priceDigits(value: number): string | null {
  if (value < 1e-6) {
    const digits = value.toFixed(10).replace(/0+$/, '');
    return digits === '0.' ? null : digits;
  }
  if (value < 1e-5) return value.toFixed(8);
  if (value < 0.01) return value.toFixed(6);
  if (value < 1) return value.toFixed(4);
  return value.toFixed(2);
}

/**
 * The market cap a page shows: the spec's 10,000 (USD) when it is unknown (null, not a
 * number, or not positive: a live token never has a zero market cap).
 */
export function marketCapOrDefault(usd: number | null | undefined): number {
  return typeof usd === 'number' && Number.isFinite(usd) && usd > 0 ? usd : DEFAULT_MARKET_CAP_USD;
}

/** formatMarketCap with the fallback: '$10K' when unknown. */
export function formatMarketCapOrDefault(usd: number | null | undefined): string {
  return formatMarketCap(marketCapOrDefault(usd));
}

/** Counts and quantities with the market-cap suffix rules, no currency: '1.2B', '3M', '12K', '999'. */
export function formatCompactNumber(n: number): string {
  return formatMarketCap(n).replace('$', '');
}

/** Token base units in compact form ('12K', '1.2B'); below 1,000 up to 2 decimals ('999.5'). */
export function formatTokenCompact(units: bigint, decimals = 9): string {
  const whole = Number(formatUnits(units, decimals, 2));
  return Math.abs(whole) >= 1e3 ? formatCompactNumber(whole) : formatUnits(units, decimals, 2);
}

/** A run of digits with thousands separators: '1234567' → '1,234,567'. */
export function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** Base units as a decimal with thousands separators, cut (never rounded up) to maxDecimals: '1,234.56'. */
export function formatUnitsGrouped(units: bigint, decimals: number, maxDecimals: number): string {
  const text = formatUnits(units, decimals, maxDecimals);
  const [whole = '0', fraction] = text.split('.');
  const grouped = groupThousands(whole);
  return fraction ? `${grouped}.${fraction}` : grouped;
}

/**
 * What an amount field keeps of typed text: digits and one dot, at most `decimals` fraction
 * digits (a comma is read as the dot). Everything else is dropped, so the field never holds
 * a value parseUnits would refuse.
 */
export function sanitizeAmountInput(text: string, decimals: number): string {
  const cleaned = text.replace(/,/g, '.').replace(/[^\d.]/g, '');
  const dot = cleaned.indexOf('.');
  if (dot === -1) return cleaned;
  const fraction = cleaned.slice(dot + 1).replace(/\./g, '').slice(0, decimals);
  return decimals === 0 ? cleaned.slice(0, dot) : `${cleaned.slice(0, dot)}.${fraction}`;
}

/**
 * An amount field's text as it is shown: the whole part in groups of three, parted by thin
 * spaces ('16 680 495.66'), never commas, since the field reads a typed comma as a decimal
 * point ('0,5' is half). sanitizeAmountInput drops the spaces again.
 */
export function groupForInput(text: string): string {
  const dot = text.indexOf('.');
  const whole = dot === -1 ? text : text.slice(0, dot);
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, '\u2009');
  return dot === -1 ? grouped : `${grouped}${text.slice(dot)}`;
}

export type AmountInput = { ok: true; units: bigint } | { ok: false; error: string | null };

/** An amount field's text as base units: empty is 'no amount yet' (no error), zero or junk is an error. */
export function parseAmountInput(text: string, decimals: number): AmountInput {
  const trimmed = text.trim();
  if (trimmed === '' || trimmed === '.') return { ok: false, error: null };
  let units: bigint;
  try {
    units = parseUnits(trimmed, decimals);
  } catch {
    return { ok: false, error: 'Enter a valid amount' };
  }
  if (units === 0n) return { ok: false, error: 'Enter an amount greater than 0' };
  return { ok: true, units };
}

/** A signed percent change with two decimals: '+5.23%', '-1.10%', '0.00%'. */
export function formatPercentChange(pct: number): string {
  if (!Number.isFinite(pct)) return '0.00%';
  const text = Math.abs(pct).toFixed(2);
  // A change that rounds to zero shows no sign, never '-0.00%'.
  if (Number(text) === 0) return '0.00%';
  return `${pct > 0 ? '+' : '-'}${text}%`;
}

/**
 * Lamports as SOL with a fixed number of decimals, rounded half up: amounts use 3
 * (the default), total raised 2, the account's total raised 1. No unit suffix.
 */
export function formatSolAmount(lamports: bigint, decimals = 3): string {
  return formatSol(lamports, decimals, { trim: false, rounding: 'halfUp' });
}

/**
 * Lamports as SOL with exactly `decimals` places (spec 1: donations to 3, total raised to
 * 2), cut, never rounded up, so a figure never shows more than there is (99.996 of a 100
 * goal reads 99.99, not 100.00). A nonzero amount below the last place reads '<0.001',
 * never '0.000': a donation of 0.0004 SOL happened. No unit suffix.
 */
export function formatSolFixed(lamports: bigint, decimals: number): string {
  const text = formatSol(lamports, decimals, { trim: false, rounding: 'down' });
  if (lamports > 0n && !/[1-9]/.test(text)) return `<${formatSol(10n ** BigInt(9 - Math.min(decimals, 9)), decimals, { trim: false })}`;
  return text;
}

/** 'AbCd...WxYz': first 4 and last 4 characters; short strings are returned whole. */
export function shortAddress(address: string | null | undefined): string {
  if (!address) return '';
  if (address.length <= 11) return address;
  return `${address.slice(0, 4)}...${address.slice(-4)}`;
}

/** 'Just now' under a minute (and for future times), then 'Xm ago', 'Xh ago', 'Xd ago'. */
export function relativeTime(date: Date | string | number, now: Date = new Date()): string {
  const then = date instanceof Date ? date : new Date(date);
  const elapsedMs = now.getTime() - then.getTime();
  if (Number.isNaN(elapsedMs)) return '';
  const minutes = Math.floor(elapsedMs / 60_000);
  if (minutes < 1) return 'Just now';
  if (minutes < 60) return `${minutes}m ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours}h ago`;
  return `${Math.floor(hours / 24)}d ago`;
}

/** Thousands separators ('1,234,567'); numbers keep up to `maxDecimals` fraction digits. bigint is exact. */
export function formatNumber(n: number | bigint, maxDecimals = 2): string {
  if (typeof n === 'bigint') {
    const digits = (n < 0n ? -n : n).toString();
    return `${n < 0n ? '-' : ''}${groupThousands(digits)}`;
  }
  if (!Number.isFinite(n)) return '0';
  return n.toLocaleString('en-US', { maximumFractionDigits: maxDecimals });
}

/** Basis points as a percent for labels: 500 -> '5%', 50 -> '0.5%', 125 -> '1.25%'. */
export function formatBpsPercent(bps: number): string {
  return `${Number((bps / 100).toFixed(2))}%`;
}

const SUBSCRIPT_DIGITS = '₀₁₂₃₄₅₆₇₈₉';

/**
 * A tiny price the way trading charts write it: the run of zeros after the point as a
 * subscript count, then the significant digits ('0.0000000089' -> '0.0₈89'). Values of
 * 0.001 and more keep the ordinary decimal rules of formatPriceNumber.
 */
export function formatSubscriptPrice(value: number, significant = 2): string {
  if (!Number.isFinite(value) || value <= 0) return '0';
  if (value >= 0.001) return formatPriceNumber(value);
  // Digits from toPrecision avoid float noise ('8.9e-9' -> zeros 8, digits '89').
  const [mantissa, exponent] = value.toExponential(significant - 1).split('e');
  const zeros = -Number(exponent) - 1;
  const digits = mantissa.replace('.', '').replace(/0+$/, '') || '0';
  const count = String(zeros).split('').map((d) => SUBSCRIPT_DIGITS[Number(d)]).join('');
  return `0.0${count}${digits}`;
}

/**
 * A tiny price written out in full, for the subscript form's tooltip and screen readers:
 * '0.0₈89' is '0.0000000089'. Values of 0.001 and more read as formatSubscriptPrice shows them.
 */
export function formatPlainPrice(value: number, significant = 2): string {
  if (!Number.isFinite(value) || value <= 0 || value >= 0.001) return formatSubscriptPrice(value, significant);
  const [mantissa, exponent] = value.toExponential(significant - 1).split('e');
  const digits = mantissa!.replace('.', '').replace(/0+$/, '') || '0';
  return value.toFixed(Math.min(100, -Number(exponent) - 1 + digits.length));
}

/** A date and time people in any country read the same way: 'Nov 25, 2026, 9:43 PM' (never 11/25/2026), in the reader's language and time zone. */
export function formatDateTime(date: Date | string | number): string {
  return new Date(date).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/** A date alone, in the reader's language and time zone: 'Nov 25, 2026'. */
export function formatDate(date: Date | string | number): string {
  return new Date(date).toLocaleDateString(undefined, { dateStyle: 'medium' });
}

/** A whole UTC day ('2026-11-25', as the admin's revenue groups them) in the reader's language: 'Nov 25, 2026'. */
export function formatDayKey(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString(undefined, { dateStyle: 'medium', timeZone: 'UTC' });
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** "3 December 2026", in UTC: the same words for every visitor, and in text the server stores. */
export function formatDayUtc(date: Date | string): string {
  const at = new Date(date);
  return `${at.getUTCDate()} ${MONTHS[at.getUTCMonth()]} ${at.getUTCFullYear()}`;
}

// Display formatting of spec 1 section 5 ('Market cap display', 'Price display') and
// section 9 ('Display limits'). USD figures are floats (display only); SOL amounts are
// bigint lamports printed exactly.

import { formatSol } from './money';

/** Market cap as the cards and tables show it: '$1.2B', '$3M', '$12K', '$999'. */
export function formatMarketCap(usd: number): string {
  if (!Number.isFinite(usd)) return '$0';
  const sign = usd < 0 ? '-' : '';
  const value = Math.abs(usd);
  if (value >= 1e9) return `${sign}$${(value / 1e9).toFixed(1)}B`;
  if (value >= 1e6) return `${sign}$${(value / 1e6).toFixed(0)}M`;
  if (value >= 1e3) return `${sign}$${(value / 1e3).toFixed(0)}K`;
  return `${sign}$${value.toFixed(0)}`;
}

/** Large USD figures on the official token page: '$1.23K', '$4.56M', '$7.89B', '$999.00'. */
export function formatCompactUsd2(usd: number): string {
  if (!Number.isFinite(usd)) return '$0.00';
  const sign = usd < 0 ? '-' : '';
  const value = Math.abs(usd);
  if (value >= 1e9) return `${sign}$${(value / 1e9).toFixed(2)}B`;
  if (value >= 1e6) return `${sign}$${(value / 1e6).toFixed(2)}M`;
  if (value >= 1e3) return `${sign}$${(value / 1e3).toFixed(2)}K`;
  return `${sign}$${value.toFixed(2)}`;
}

/** Token price in USD with decimals by magnitude, so tiny prices stay readable. */
export function formatPrice(usd: number): string {
  if (!Number.isFinite(usd) || usd === 0) return '$0.00';
  const sign = usd < 0 ? '-' : '';
  const value = Math.abs(usd);
  let digits: string;
  if (value < 1e-6) {
    digits = value.toFixed(10).replace(/0+$/, '');
    // Below 1e-10 nothing survives 10 decimals; show the floor of the scale rather than a fake zero.
    if (digits === '0.') return '<$0.0000000001';
  } else if (value < 1e-5) digits = value.toFixed(8);
  else if (value < 0.01) digits = value.toFixed(6);
  else if (value < 1) digits = value.toFixed(4);
  else digits = value.toFixed(2);
  return `${sign}$${digits}`;
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
    return `${n < 0n ? '-' : ''}${digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;
  }
  if (!Number.isFinite(n)) return '0';
  return n.toLocaleString('en-US', { maximumFractionDigits: maxDecimals });
}

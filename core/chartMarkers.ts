// The candlestick chart's markers (GET /api/campaigns/{tokenAddress}/markers): what the
// creator traded, what reached the cause, graduation and the largest trades, each with
// the sentence its tooltip shows. Amounts are bigint base units until they become text.

import { formatUnitsGrouped } from './format';
import { formatSol } from './money';

export const CHART_MARKER_KINDS = ['creator_buy', 'creator_sell', 'payout', 'graduation', 'large_trade'] as const;
export type ChartMarkerKind = (typeof CHART_MARKER_KINDS)[number];

export type ChartMarker = {
  /** Unix seconds of the trade or payout. */
  time: number;
  kind: ChartMarkerKind;
  /** The tooltip's sentence. */
  text: string;
  signature?: string;
};

export type ChartMarkersResponse = { markers: ChartMarker[] };

/** Per kind, the newest this many: the answer stays small on a token with a long history. */
export const MARKER_CAPS = { creator: 100, payout: 50, largeTrades: 5 } as const;

/**
 * SOL to 4 decimals, cut as the trades list cuts them, so a marker and its trade's row agree
 * ('0.42', '0.0312', '2.5'); a nonzero dust amount reads '<0.0001'.
 */
export function markerSol(lamports: bigint): string {
  const text = formatSol(lamports, 4);
  return lamports > 0n && text === '0' ? '<0.0001' : text;
}

/** Whole tokens with thousands separators, cut ('12,345,678'). */
export function markerTokens(units: bigint): string {
  return formatUnitsGrouped(units, 9, 0);
}

export function creatorTradeText(side: 'buy' | 'sell', tokens: bigint, lamports: bigint, initial = false): string {
  const what = `${markerTokens(tokens)} tokens for ${markerSol(lamports)} SOL`;
  if (initial) return `Creator's launch buy: ${what}`;
  return side === 'buy' ? `Creator bought ${what}` : `Creator sold ${what}`;
}

export const payoutText = (lamports: bigint) => `${markerSol(lamports)} SOL paid to the cause`;

export const GRADUATION_TEXT = 'Graduated: the curve filled';

export const largeTradeText = (side: 'buy' | 'sell', lamports: bigint) => `Large ${side}: ${markerSol(lamports)} SOL`;

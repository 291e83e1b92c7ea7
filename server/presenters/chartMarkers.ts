import {
  GRADUATION_TEXT, creatorTradeText, largeTradeText, payoutText, type ChartMarker, type ChartMarkersResponse,
} from '../../core/chartMarkers';
import type { MarkerFacts } from '../market/markerFacts';

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** A token's chart markers, newest first (the chart sorts them its own way). */
export function presentChartMarkers(facts: MarkerFacts): ChartMarkersResponse {
  const markers: ChartMarker[] = [
    ...facts.creatorTrades.map((t): ChartMarker => ({
      time: seconds(t.blockTime), kind: t.side === 'buy' ? 'creator_buy' : 'creator_sell',
      text: creatorTradeText(t.side, t.tokens, t.solLamports, t.initial), signature: t.signature,
    })),
    ...facts.payouts.map((p): ChartMarker => ({
      time: seconds(p.paidAt), kind: 'payout', text: payoutText(p.lamports), ...(p.signature ? { signature: p.signature } : {}),
    })),
    ...(facts.graduation ? [{
      time: seconds(facts.graduation.time), kind: 'graduation' as const, text: GRADUATION_TEXT,
      ...(facts.graduation.signature ? { signature: facts.graduation.signature } : {}),
    }] : []),
    ...facts.largeTrades.map((t): ChartMarker => ({
      time: seconds(t.blockTime), kind: 'large_trade', text: largeTradeText(t.side, t.solLamports), signature: t.signature,
    })),
  ];
  return { markers: markers.sort((a, b) => b.time - a.time) };
}

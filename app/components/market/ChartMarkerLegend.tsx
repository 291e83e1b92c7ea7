import type { ChartMarker, ChartMarkerKind } from '../../../core/chartMarkers';
import { MARKER_STYLES } from '../charts/chartMarkers';

const SHAPES: Record<ChartMarkerKind, string> = {
  creator_buy: '▲', creator_sell: '▼', payout: '●', graduation: '■', large_trade: '•',
};
const ORDER: ChartMarkerKind[] = ['creator_buy', 'creator_sell', 'payout', 'graduation', 'large_trade'];

/** What the chart's marks mean; a kind this token has none of is dimmed. */
export function ChartMarkerLegend({ markers }: { markers: ChartMarker[] | undefined }) {
  const present = new Set(markers?.map((m) => m.kind));
  return (
    <ul className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted" aria-label="Chart markers" data-testid="chart-marker-legend">
      {ORDER.map((kind) => (
        <li key={kind} className={present.has(kind) ? 'font-semibold text-fg' : undefined} data-kind={kind} data-present={present.has(kind)}>
          <span aria-hidden className="mr-1" style={{ color: MARKER_STYLES[kind].color }}>{SHAPES[kind]}</span>
          {MARKER_STYLES[kind].label}
        </li>
      ))}
    </ul>
  );
}

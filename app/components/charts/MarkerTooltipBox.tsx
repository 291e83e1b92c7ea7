import { MARKER_STYLES } from './chartMarkers';
import type { MarkerTooltip } from './useMarkerTooltip';

const GAP = 14;

/** The texts of the hovered bar's markers, beside the cursor (on its left in the chart's right half, so it never leaves the chart). */
export function MarkerTooltipBox({ tooltip, width }: { tooltip: MarkerTooltip; width: number }) {
  const onLeft = tooltip.x > width / 2;
  return (
    <div
      role="tooltip"
      data-testid="chart-marker-tooltip"
      className="pointer-events-none absolute z-10 max-w-64 rounded-lg border border-line bg-surface-3 px-3 py-2 text-xs text-fg shadow-lg"
      style={{
        top: Math.max(4, tooltip.y - 20),
        left: onLeft ? undefined : tooltip.x + GAP,
        right: onLeft ? width - tooltip.x + GAP : undefined,
      }}
    >
      <ul className="space-y-1">
        {tooltip.lines.map((line, i) => (
          <li key={i} className="flex items-start gap-2">
            <span aria-hidden className="mt-1 size-2 shrink-0 rounded-full" style={{ background: MARKER_STYLES[line.kind].color }} />
            <span>{line.text}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

import { MARKER_STYLES } from './chartMarkers';
import type { MarkerTooltip } from './useMarkerTooltip';

const GAP = 14;
// A busy bar (a launch minute) can carry a dozen markers: the box stays a readable size.
const MAX_LINES = 6;

/**
 * The texts of the hovered bar's markers beside the cursor: on its left in the chart's right
 * half and above it in the lower half, so the box never leaves the chart.
 */
export function MarkerTooltipBox({ tooltip, width, height }: { tooltip: MarkerTooltip; width: number; height: number }) {
  const onLeft = tooltip.x > width / 2;
  const above = tooltip.y > height / 2;
  const shown = tooltip.lines.slice(0, MAX_LINES);
  const more = tooltip.lines.length - shown.length;
  return (
    <div
      role="tooltip"
      data-testid="chart-marker-tooltip"
      className="pointer-events-none absolute z-10 w-max max-w-64 rounded-lg border border-line bg-surface-3 px-3 py-2 text-xs text-fg shadow-lg"
      style={{
        top: above ? undefined : tooltip.y + GAP,
        bottom: above ? height - tooltip.y + GAP : undefined,
        left: onLeft ? undefined : tooltip.x + GAP,
        right: onLeft ? width - tooltip.x + GAP : undefined,
      }}
    >
      <ul className="space-y-1">
        {shown.map((line, i) => (
          <li key={i} className="flex items-start gap-2">
            <span aria-hidden className="mt-1 size-2 shrink-0 rounded-full" style={{ background: MARKER_STYLES[line.kind].color }} />
            <span>{line.text}</span>
          </li>
        ))}
      </ul>
      {more > 0 && <p className="mt-1 text-muted">and {more} more on this bar</p>}
    </div>
  );
}

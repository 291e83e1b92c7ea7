import type { IChartApi, MouseEventParams, Time } from 'lightweight-charts';
import { useEffect, useRef, useState } from 'react';
import type { PlacedMarkers } from './chartMarkers';

export type MarkerTooltip = { x: number; y: number; lines: PlacedMarkers['textsByBar'] extends Map<number, infer L> ? L : never };

/**
 * lightweight-charts draws markers but has no tooltip for them: follow the crosshair and,
 * on a bar that carries markers, return their texts and where to show them.
 */
export function useMarkerTooltip(chart: IChartApi | null, textsByBar: PlacedMarkers['textsByBar']): MarkerTooltip | null {
  const [tooltip, setTooltip] = useState<MarkerTooltip | null>(null);
  const texts = useRef(textsByBar);
  texts.current = textsByBar;

  useEffect(() => {
    if (!chart) return;
    const onMove = (param: MouseEventParams<Time>) => {
      const lines = typeof param.time === 'number' ? texts.current.get(param.time) : undefined;
      setTooltip(lines && param.point ? { x: param.point.x, y: param.point.y, lines } : null);
    };
    chart.subscribeCrosshairMove(onMove);
    return () => chart.unsubscribeCrosshairMove(onMove);
  }, [chart]);

  return tooltip;
}

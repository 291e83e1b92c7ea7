import { ColorType, createChart, HistogramSeries, LineSeries, type UTCTimestamp } from 'lightweight-charts';
import { useEffect, useRef } from 'react';
import type { DailyActivity } from '../../../api/adminDashboard';

const DAYS = 30;
const DAY_MS = 86_400_000;
const time = (date: string) => (Date.parse(`${date}T00:00:00Z`) / 1000) as UTCTimestamp;

/** All 30 days ending today (UTC), a day without sign-ins as zeros, so the axis is always a month. */
function month(daily: DailyActivity[]): DailyActivity[] {
  const byDate = new Map(daily.map((d) => [d.date, d]));
  const today = Math.floor(Date.now() / DAY_MS) * DAY_MS;
  return Array.from({ length: DAYS }, (_, i) => {
    const date = new Date(today - (DAYS - 1 - i) * DAY_MS).toISOString().slice(0, 10);
    return byDate.get(date) ?? { date, unique_users: 0, new_users: 0, total_sessions: 0 };
  });
}

/** Daily active users (line) and sessions (bars) over the last 30 days. */
export function DailyChart({ daily }: { daily: DailyActivity[] }) {
  const container = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const rows = month(daily);
    const chart = createChart(container.current!, {
      autoSize: true,
      layout: { background: { type: ColorType.Solid, color: 'transparent' }, textColor: '#94a3b8', attributionLogo: false },
      grid: { vertLines: { visible: false }, horzLines: { color: 'rgba(148,163,184,0.08)' } },
      timeScale: { borderVisible: false, fixLeftEdge: true, fixRightEdge: true },
      rightPriceScale: { borderVisible: false },
      handleScroll: false,
      handleScale: false,
    });
    const whole = { type: 'custom' as const, formatter: (v: number) => Math.round(v).toLocaleString('en-US'), minMove: 1 };
    chart.addSeries(HistogramSeries, { color: 'rgba(148,163,184,0.35)', priceFormat: whole, title: 'Sessions' })
      .setData(rows.map((d) => ({ time: time(d.date), value: d.total_sessions })));
    chart.addSeries(LineSeries, { color: '#10b981', lineWidth: 2, priceFormat: whole, title: 'Active users' })
      .setData(rows.map((d) => ({ time: time(d.date), value: d.unique_users })));
    chart.timeScale().fitContent();
    return () => chart.remove();
  }, [daily]);

  return <div ref={container} className="h-64 w-full" role="img" aria-label="Daily active users and sessions, last 30 days" data-testid="daily-chart" />;
}

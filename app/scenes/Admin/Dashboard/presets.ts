const HOUR_MS = 3_600_000;

export type Window = { start: Date; end: Date };
export type Preset = { label: string; window: (now: Date) => Window };

function atLocalHour(base: Date, daysAhead: number, hour: number): Date {
  const d = new Date(base);
  d.setDate(d.getDate() + daysAhead);
  d.setHours(hour, 0, 0, 0);
  return d;
}

function lasting(start: Date, hours: number): Window {
  return { start, end: new Date(start.getTime() + hours * HOUR_MS) };
}

/** Spec 2 section 9: the four quick presets. */
export const PRESETS: Preset[] = [
  { label: 'In 1 hour (2 hours)', window: (now) => lasting(new Date(now.getTime() + HOUR_MS), 2) },
  { label: 'In 3 hours (1 hour)', window: (now) => lasting(new Date(now.getTime() + 3 * HOUR_MS), 1) },
  { label: 'Tomorrow 2AM (4 hours)', window: (now) => lasting(atLocalHour(now, 1, 2), 4) },
  { label: 'Next week 3AM (3 hours)', window: (now) => lasting(atLocalHour(now, 7, 3), 3) },
];

const pad = (n: number) => String(n).padStart(2, '0');

/** The value a datetime-local input expects, in local time. */
export function toLocalInput(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

export function fromLocalInput(value: string): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** 'Already passed' once the start is behind us, else "1h 05m 09s". */
export function countdownLabel(target: Date, now: number): string {
  const ms = target.getTime() - now;
  if (ms <= 0) return 'Already passed';
  const total = Math.floor(ms / 1000);
  const days = Math.floor(total / 86_400);
  const h = Math.floor((total % 86_400) / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return `${days > 0 ? `${days}d ` : ''}${h}h ${pad(m)}m ${pad(s)}s`;
}
